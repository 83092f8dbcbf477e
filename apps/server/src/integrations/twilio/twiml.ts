import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, processEntities: true });

/** Twilio's answer format: `<Response>` with one `<Message>` per text to send back to the sender, or none. */
export const twimlReply = (...messages: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ Response: messages.length ? { Message: messages } : '' }) as string}`;
