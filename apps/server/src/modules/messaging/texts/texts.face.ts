/**
 * The texts module's published face: sending a text (through the outbox, to a phone that can take
 * one), and the port a texting service's adapter speaks. Texts that arrive are the inbound module's.
 */
export { sendText, textablePhone } from './send-text.service.js';
export { type IncomingMediaRef, type IncomingText, type MediaFetcher, type MediaOutcome, type SmsSender, type SmsSettings } from './sms.port.js';
