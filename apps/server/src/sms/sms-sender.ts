import { OutboundHttpError, outboundRequest } from '../lib/outbound-http.js';
import type { SmsSettings } from './sms-settings.js';

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

/** Header by which Herd tells its own sandbox that a text carries a code (the sandbox is this process). */
export const SECRET_TEXT_HEADER = 'x-herd-secret-text';

export class SmsError extends Error {
  constructor(
    message: string,
    /** Twilio's error code (21211: not a valid number…), when it answered one. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** Twilio's REST Messages API: a form of To, From and Body under basic auth, answered 201 or with Twilio's error shape. */
export const createTwilioSender = (settings: SmsSettings, timeoutMs: number): SmsSender => ({
  reachesPhones: settings.mode === 'twilio',
  async send(to, body, options) {
    if (settings.mode === 'off') throw new SmsError('Texts are not set up on this server (no Twilio account, sandboxes off)', null);
    const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    let response;
    try {
      response = await outboundRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            ...(options?.secret && settings.mode === 'builtin-sandbox' ? { [SECRET_TEXT_HEADER]: '1' } : {}),
          },
          body: new URLSearchParams({ To: to, From: settings.from, Body: body }).toString(),
        },
        timeoutMs,
      );
    } catch (err) {
      if (err instanceof OutboundHttpError) throw new SmsError(`Twilio: ${err.detail}`, null);
      throw err;
    }
    if (response.ok) return;
    let error: { code?: unknown; message?: unknown } = {};
    try {
      error = JSON.parse(response.text) as typeof error;
    } catch {
      // Not Twilio's JSON (a proxy's page): the status says enough.
    }
    throw new SmsError(
      `Twilio ${response.status}: ${typeof error.message === 'string' ? error.message : 'no message'}`,
      typeof error.code === 'number' ? error.code : null,
    );
  },
});
