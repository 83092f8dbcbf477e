/**
 * The texts module's published face: sending a text (through the outbox, to a phone that can take
 * one), filing a text that arrived, and the port a texting service's adapter speaks.
 */
export { sendText, textablePhone } from './send-text.js';
export { fileIncomingText, type TextAnswer } from './incoming-texts.service.js';
export { type IncomingMediaRef, type IncomingText, type MediaFetcher, type MediaOutcome, type SmsSender, type SmsSettings } from './sms-port.js';
export { SMS_REPLIES } from './sms-replies.js';
