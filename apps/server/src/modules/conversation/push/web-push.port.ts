/**
 * What Herd needs of the browsers' push services (Web Push: RFC 8030, its encryption RFC 8291 and the
 * server's identification RFC 8292), in Herd's words; the adapter beside the `web-push` library speaks
 * the protocol (`integrations/web-push/`).
 */

/** A browser's subscription: where its push service takes messages, and the keys they are encrypted for. */
export interface PushSubscriptionRecord {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What one push says; the service worker shows it and opens `url` when it is tapped. */
export interface PushMessage {
  title: string;
  body: string;
  /** An address of the app, from its root ("/dashboard/client/"). */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: string;
}

/** Delivered to the push service, or the subscription is gone (the browser unsubscribed, or it expired). */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The server's VAPID public key, base64url: what a browser subscribes with. */
  readonly publicKey: string;
  /** Throws when the push service could not be reached or refused for a while: the sweep tries again. */
  send(subscription: PushSubscriptionRecord, message: PushMessage): Promise<PushOutcome>;
}
