import type { IncomingMediaRef, IncomingText } from '../../modules/messaging/texts/sms.port.js';

/** Twilio sends at most ten media items with one message. */
export const MAX_MEDIA_PER_TEXT = 10;

const E164 = /^\+[1-9]\d{6,14}$/;

/** The webhook's form as a text, or why it is not one Twilio would send. */
export const readIncomingText = (form: URLSearchParams): { ok: true; text: IncomingText } | { ok: false; detail: string } => {
  const messageSid = form.get('MessageSid') ?? form.get('SmsMessageSid') ?? '';
  const from = form.get('From') ?? '';
  const to = form.get('To') ?? '';
  if (!/^(SM|MM)[0-9a-f]{32}$/i.test(messageSid)) return { ok: false, detail: 'MessageSid is missing or not a message id.' };
  if (!E164.test(from)) return { ok: false, detail: 'From is not a phone number.' };
  const count = Number(form.get('NumMedia') ?? '0');
  if (!Number.isInteger(count) || count < 0 || count > MAX_MEDIA_PER_TEXT)
    return { ok: false, detail: `NumMedia must be a whole number from 0 to ${MAX_MEDIA_PER_TEXT}.` };
  const media: IncomingMediaRef[] = [];
  for (let i = 0; i < count; i++) {
    const url = form.get(`MediaUrl${i}`);
    if (!url) return { ok: false, detail: `MediaUrl${i} is missing.` };
    media.push({ url, contentType: form.get(`MediaContentType${i}`) ?? 'application/octet-stream' });
  }
  return { ok: true, text: { messageSid, from, to, body: (form.get('Body') ?? '').trim(), media } };
};
