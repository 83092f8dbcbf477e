import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** Where a mail provider posts the raw messages it received for Herd's inbound domain; CSRF skips it (no browser is behind it). */
export const INBOUND_WEBHOOK_PATH = 'inbound-email/';
/** The header carrying the shared secret (`INBOUND_WEBHOOK_SECRET`); HTTP basic auth's password is taken too, for providers that only put credentials in the URL. */
export const INBOUND_SECRET_HEADER = 'X-Herd-Inbound-Secret';
/** Optional: the envelope recipients, comma-separated, when the provider knows them (a Bcc is in no header). */
export const INBOUND_RECIPIENT_HEADER = 'X-Herd-Recipient';

/** What happened to the message for each of Herd's addresses it was sent to. */
export const inboundDelivery = z.object({
  recipient: z.string(),
  outcome: z.enum(['accepted', 'duplicate', 'refused']),
  /** Why it was refused, in words for the log and a bounce. */
  reason: z.string().optional(),
});
export const inboundResult = z.object({ deliveries: z.array(inboundDelivery) });
export type InboundResult = z.infer<typeof inboundResult>;

export const inboundEndpoints = {
  /**
   * A raw MIME message (`Content-Type: message/rfc822`), authenticated by the
   * shared secret. Refusals of the message itself (no secret, too large,
   * empty, not MIME) are 4xx; a message Herd read but would not file (an
   * unknown or expired reply address, a sender who is not that client) is a
   * 200 whose delivery says `refused`, since sending it again changes nothing.
   * No person is behind it, so it is never refused as read-only.
   */
  receive: endpoint({
    method: 'POST',
    path: INBOUND_WEBHOOK_PATH,
    tags: ['inbound email'],
    summary: 'Receive an email for the inbound domain (raw MIME; secret in X-Herd-Inbound-Secret)',
    responses: { 200: inboundResult },
    whileReadOnly: true,
  }),
};
