/**
 * What Herd needs of a texting service, in Herd's words: the adapter beside Twilio
 * (integrations/twilio/) speaks Twilio's REST API and webhook, and this module decides what is
 * sent, to whom, and what a text that arrives becomes.
 */

/** Sends one text; rejects with `SmsError` when the provider refused it or could not be reached. */
export interface SmsSender {
  /**
   * Whether a text reaches the person's phone: false while texts go to the built-in sandbox, or
   * nowhere. A second factor is never offered by text then (its code would not be the person's alone).
   */
  readonly reachesPhones: boolean;
  /** `secret`: the text carries a code; the sandbox never shows or logs its words. */
  send(to: string, body: string, options?: { secret?: boolean }): Promise<void>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    /** The provider's error code (Twilio's 21211: not a valid number…), when it answered one. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/**
 * Twilio's REST API with the deployment's credentials, or, without them, the built-in sandbox: the
 * same Messages API served by Herd itself, whose texts are only written to the log (labelled as
 * sandbox), so MFA by SMS can be tried on a fresh install.
 */
export interface SmsSettings {
  /** `off`: no Twilio account and no sandbox (production's default): no text is sent. */
  mode: 'twilio' | 'builtin-sandbox' | 'off';
  /** Up to `/2010-04-01/…`: Twilio's API host, or the sandbox on this process. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export interface IncomingMediaRef {
  url: string;
  contentType: string;
}

/** A text that arrived at Herd's number, as the adapter read it from the provider's webhook. */
export interface IncomingText {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  media: IncomingMediaRef[];
}

export interface DownloadedMedia {
  bytes: Buffer;
  /** What the provider said the file is; the receipt's own sniffing decides. */
  contentType: string;
}

export type MediaOutcome = { ok: true; media: DownloadedMedia } | { ok: false; why: 'foreign-host' | 'too-large' | 'unreachable' | 'refused' };

/** Fetches one media item of an incoming text from the provider, at most `maxBytes`. */
export type MediaFetcher = (ref: IncomingMediaRef, maxBytes: number) => Promise<MediaOutcome>;
