import { createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { newMessage, twilioSid, type TwilioMessage } from './messages.js';

/** A picture or file sent with a text (MMS), as the phone sent it. */
export interface IncomingMedia {
  contentType: string;
  bytes: Buffer;
}

/** A text sent from a phone to the account's number. */
export interface IncomingText {
  from: string;
  to: string;
  body: string;
  media?: IncomingMedia[];
}

/** What the simulator keeps of a text it delivered: the webhook's status and the TwiML replies it sent back to the phone. */
export interface DeliveredText extends IncomingText {
  sid: string;
  webhookStatus: number;
  replies: string[];
  receivedAt: string;
}

/** The simulator's copy of the texts it received, and their media, served at Twilio's media URLs. */
export interface IncomingState {
  accountSid: string;
  authToken: string;
  messages: TwilioMessage[];
  incoming: DeliveredText[];
  /** `MessageSid/MediaSid` → the file, for `GET …/Messages/{MessageSid}/Media/{MediaSid}`. */
  media: Map<string, IncomingMedia>;
}

/** Twilio's signature (see Twilio's "validating requests"): HMAC-SHA1 of the URL and the form's names and values sorted by name, base64. */
export const signTwilioRequest = (authToken: string, url: string, form: URLSearchParams): string => {
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const pairs = [...form.entries()].sort(([a, av], [b, bv]) => byCodeUnits(a, b) || byCodeUnits(av, bv));
  const text = pairs.reduce((acc, [name, value]) => acc + name + value, url);
  return createHmac('sha1', authToken).update(text, 'utf8').digest('base64');
};

const twiml = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'Message', parseTagValue: false, trimValues: true });

/** The texts a TwiML answer sends back: each `<Message>`'s text, or its `<Body>` when it has one. */
export const repliesIn = (xml: string): string[] => {
  if (!xml.trim()) return [];
  const parsed = twiml.parse(xml) as { Response?: { Message?: (string | { Body?: string; '#text'?: string })[] } | string };
  const response = parsed.Response;
  if (!response || typeof response === 'string') return [];
  return (response.Message ?? []).map((message) => (typeof message === 'string' ? message : (message.Body ?? message['#text'] ?? ''))).filter(Boolean);
};

export interface DeliverOptions {
  /** The webhook configured for the number: Herd's incoming-message URL. */
  webhookUrl: string;
  /** The URL as configured in Twilio, when the request reaches it by another way (a proxy in front): what is signed. */
  signedUrl?: string;
  /** Where this simulator answers Twilio's REST paths, so the media URLs it sends can be fetched. */
  apiBaseUrl: string;
  /** Sign with another token, as a forger who does not know it would (tests). */
  signWith?: string;
  /** Leave the signature header out (tests). */
  unsigned?: boolean;
}

/**
 * The parameters of Twilio's incoming-message webhook the simulator sends, each a name Twilio
 * documents for that request (it documents more: the sender's city and the like, and a Messaging
 * Service's sid, which Herd neither needs nor reads). Twilio's OpenAPI does not describe this request:
 * it defines only where it goes (a number's `SmsUrl`, called with `SmsMethod`, POST by default) and
 * the statuses a message has (`SmsStatus` is one of them), so these names are kept to Twilio's
 * documentation by this list, and `incoming.test.ts` holds every delivery to it.
 */
export const INCOMING_WEBHOOK_PARAMETERS = [
  'MessageSid',
  'SmsMessageSid',
  'SmsSid',
  'AccountSid',
  'From',
  'To',
  'Body',
  'NumMedia',
  'NumSegments',
  'SmsStatus',
  'ApiVersion',
] as const;

/** The form as sent: the names above, and `MediaUrl{i}` with `MediaContentType{i}` for each of `NumMedia` files. */
type IncomingWebhookForm = Record<(typeof INCOMING_WEBHOOK_PARAMETERS)[number], string> & Record<`MediaUrl${number}` | `MediaContentType${number}`, string>;

/**
 * Delivers a text to the webhook as Twilio does: a signed form POST of MessageSid, From, To, Body,
 * NumMedia and MediaUrl{i}/MediaContentType{i} (the media served by this simulator), then reads the
 * TwiML answer and "sends" each `<Message>` back to the phone (kept as an `outbound-reply`).
 */
export const deliverIncomingText = async (state: IncomingState, text: IncomingText, options: DeliverOptions): Promise<DeliveredText> => {
  const sid = twilioSid('MM');
  const media = text.media ?? [];
  const fields: IncomingWebhookForm = {
    MessageSid: sid,
    SmsMessageSid: sid,
    SmsSid: sid,
    AccountSid: state.accountSid,
    From: text.from,
    To: text.to,
    Body: text.body,
    NumMedia: String(media.length),
    NumSegments: String(Math.max(1, Math.ceil(text.body.length / 160))),
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
  };
  media.forEach((item, index) => {
    const mediaSid = twilioSid('ME');
    state.media.set(`${sid}/${mediaSid}`, item);
    fields[`MediaUrl${index}`] = `${options.apiBaseUrl}/2010-04-01/Accounts/${state.accountSid}/Messages/${sid}/Media/${mediaSid}`;
    fields[`MediaContentType${index}`] = item.contentType;
  });
  const form = new URLSearchParams(fields);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1' };
  if (!options.unsigned) headers['x-twilio-signature'] = signTwilioRequest(options.signWith ?? state.authToken, options.signedUrl ?? options.webhookUrl, form);
  const response = await fetch(options.webhookUrl, { method: 'POST', headers, body: form.toString() });
  const answer = await response.text();
  const replies = response.ok ? repliesIn(answer) : [];
  for (const reply of replies) {
    state.messages.push(newMessage(state.accountSid, new URLSearchParams({ To: text.from, From: text.to, Body: reply }), new Date(), 'outbound-reply'));
  }
  const delivered: DeliveredText = { ...text, media, sid, webhookStatus: response.status, replies, receivedAt: new Date().toISOString() };
  state.incoming.push(delivered);
  return delivered;
};
