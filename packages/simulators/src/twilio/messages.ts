import { randomBytes } from 'node:crypto';

/** A message as Twilio's REST API describes it (the fields Herd and its tests read, and those Twilio always sends). */
export interface TwilioMessage {
  sid: string;
  account_sid: string;
  api_version: '2010-04-01';
  to: string;
  from: string;
  body: string;
  status: 'queued';
  /** `outbound-reply`: the answer a webhook gave in TwiML to a text it received. */
  direction: 'outbound-api' | 'outbound-reply';
  num_segments: string;
  num_media: '0';
  error_code: null;
  error_message: null;
  price: null;
  price_unit: 'USD';
  messaging_service_sid: null;
  date_created: string;
  date_updated: string;
  date_sent: null;
  uri: string;
  subresource_uris: { media: string };
}

/** Twilio's error body: its numeric code, a sentence, the docs page and the HTTP status. */
export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

export const twilioError = (status: number, code: number, message: string): TwilioError => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** Twilio's ids: a two-letter prefix and 32 hex digits. */
export const twilioSid = (prefix: 'SM' | 'AC' | 'MM' | 'ME') => `${prefix}${randomBytes(16).toString('hex')}`;

const E164 = /^\+[1-9]\d{6,14}$/;

/** What `POST …/Messages.json` checks of its form, in Twilio's order and words; null when it is acceptable. */
export const checkMessageForm = (form: URLSearchParams): TwilioError | null => {
  const to = form.get('To');
  const from = form.get('From');
  const body = form.get('Body');
  if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
  if (!from) return twilioError(400, 21603, "A 'From' phone number is required.");
  if (!body) return twilioError(400, 21602, 'Message body is required.');
  if (!E164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!E164.test(from)) return twilioError(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
  if (body.length > 1600) return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  return null;
};

export const newMessage = (accountSid: string, form: URLSearchParams, now: Date, direction: TwilioMessage['direction'] = 'outbound-api'): TwilioMessage => {
  const sid = twilioSid('SM');
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
  const body = form.get('Body') ?? '';
  return {
    sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    to: form.get('To') ?? '',
    from: form.get('From') ?? '',
    body,
    status: 'queued',
    direction,
    num_segments: String(Math.max(1, Math.ceil(body.length / 160))),
    num_media: '0',
    error_code: null,
    error_message: null,
    price: null,
    price_unit: 'USD',
    messaging_service_sid: null,
    // Twilio writes dates in RFC 2822.
    date_created: now.toUTCString().replace('GMT', '+0000'),
    date_updated: now.toUTCString().replace('GMT', '+0000'),
    date_sent: null,
    uri,
    subresource_uris: { media: uri.replace('.json', '/Media.json') },
  };
};
