import webpush from 'web-push';
import { outboundRequest } from '../../lib/outbound-http.js';
import type { PushMessage, PushOutcome, PushSender, PushSubscriptionRecord } from '../../modules/conversation/push/web-push.port.js';
import type { WebPushSettings } from './web-push-settings.js';

/** How long a push service keeps a push for a device that is off: after a day the news is stale. */
const TTL_SECONDS = 24 * 60 * 60;
/**
 * RFC 8030's Topic: a push not yet delivered is replaced by the next one with the same topic, so a
 * phone that was off gets the latest news once rather than every quarter hour's in a row.
 */
const TOPIC = 'herd-news';

/** A push service's refusal that trying again will not mend soon (a bad key, a payload too large). */
export class PushRefusedError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`The push service answered ${status}: ${detail.slice(0, 200)}`);
  }
}

/**
 * Sends a push through the browser's push service: the `web-push` library encrypts the message for
 * the subscription's keys (RFC 8291, aes128gcm) and signs the request with the server's VAPID key
 * (RFC 8292); Herd's own outbound HTTP sends it, with its time limit. 201 is delivered; 404 and 410
 * say the subscription is gone; anything else throws.
 */
export const createWebPushSender = (settings: WebPushSettings): PushSender => ({
  publicKey: settings.publicKey,
  async send(subscription: PushSubscriptionRecord, message: PushMessage): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey },
      TTL: TTL_SECONDS,
      topic: TOPIC,
      urgency: 'normal',
    });
    const answer = await outboundRequest(request.endpoint, { method: request.method, headers: request.headers, body: new Uint8Array(request.body) }, settings.timeoutMs);
    if (answer.status === 404 || answer.status === 410) return 'gone';
    if (answer.status >= 200 && answer.status < 300) return 'sent';
    throw new PushRefusedError(answer.status, answer.text);
  },
});
