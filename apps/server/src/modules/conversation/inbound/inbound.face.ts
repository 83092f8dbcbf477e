/**
 * The inbound module's published face: filing a text that arrived at Herd's number (for the texting
 * service's webhook), what Herd texts back, and clearing the record of old received messages.
 */
export { fileIncomingText, type TextAnswer } from './incoming-texts.service.js';
export { SMS_REPLIES } from './sms-replies.content.js';
export { deleteOldInboundMessages } from './received-messages.queries.js';
