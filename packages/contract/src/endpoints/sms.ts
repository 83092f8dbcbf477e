import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** Where Twilio posts the texts (SMS and MMS) sent to Herd's number; CSRF skips it (Twilio signs it instead). */
export const SMS_INCOMING_PATH = 'sms/twilio/incoming/';
/** Twilio's signature of the request: base64 HMAC-SHA1 of the URL and the sorted form, keyed by the auth token. */
export const TWILIO_SIGNATURE_HEADER = 'X-Twilio-Signature';

/** TwiML, the XML Twilio reads back: the text Herd answers the sender with, or nothing. */
export const twimlAnswer = z.unknown().meta({ type: 'string', description: 'TwiML (text/xml)' });

export const smsEndpoints = {
  /**
   * A text from a client's phone, as Twilio's incoming-message webhook posts
   * it (a form of From, To, Body, NumMedia and MediaUrl0…). A missing
   * signature is 400 and a wrong one 403, as Twilio's own helpers answer;
   * everything Herd read but would not file (an unknown number, a photo that
   * is not one) is a 200 whose TwiML tells the sender why, since Twilio
   * sending it again changes nothing. No person is behind it, so it is
   * never refused as read-only.
   */
  incoming: endpoint({
    method: 'POST',
    path: SMS_INCOMING_PATH,
    tags: ['sms'],
    summary: 'Receive a text sent to Herd’s number (Twilio webhook, signed by X-Twilio-Signature)',
    responses: { 200: twimlAnswer },
    whileReadOnly: true,
  }),
};
