import { OutboundHttpError, outboundRequestBytes } from '../../lib/outbound-http.js';
import type { IncomingMediaRef, MediaOutcome, SmsSettings } from '../../modules/messaging/texts/sms.port.js';

/**
 * Fetches one media item of a text from Twilio, with the account's credentials (media may be
 * protected by HTTP basic auth). Only Twilio's own API host is asked: a signed webhook still names
 * URLs, and Herd never fetches an address someone else chose.
 */
export const downloadMedia = async (settings: SmsSettings, ref: IncomingMediaRef, maxBytes: number, timeoutMs: number): Promise<MediaOutcome> => {
  let url: URL;
  try {
    url = new URL(ref.url);
  } catch {
    return { ok: false, why: 'foreign-host' };
  }
  if (
    url.origin !== new URL(settings.baseUrl).origin ||
    !url.pathname.startsWith(`${new URL(settings.baseUrl).pathname.replace(/\/$/, '')}/2010-04-01/Accounts/${settings.accountSid}/`)
  ) {
    return { ok: false, why: 'foreign-host' };
  }
  try {
    const response = await outboundRequestBytes(
      url,
      { headers: { authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}` } },
      timeoutMs,
      maxBytes,
    );
    if (response === 'too-large') return { ok: false, why: 'too-large' };
    if (!response.ok) return { ok: false, why: 'refused' };
    return { ok: true, media: { bytes: response.bytes, contentType: response.headers.get('content-type') ?? ref.contentType } };
  } catch (err) {
    if (err instanceof OutboundHttpError) return { ok: false, why: 'unreachable' };
    throw err;
  }
};
