import { z } from 'zod';
import { messages } from './messages.js';
import { timeZoneField } from './time-zone.js';

/** The hour a digest goes at when the person has not chosen one: the start of a working day. */
export const DEFAULT_DIGEST_HOUR = 8;

const HOUR_MESSAGE = 'Hour must be a whole hour from 0 to 23.';

/**
 * An accountant's daily digest: on or off (the same state as the "Daily digest" email preference and
 * its unsubscribe link), the local hour it goes at, and the zone that hour is read in (null: the firm's).
 */
export const digestSettings = z.object({
  enabled: z.boolean(),
  hour: z.number().int().min(0).max(23),
  time_zone: z.string().nullable(),
  /** The firm's zone, which `time_zone: null` follows. */
  firm_time_zone: z.string(),
  /** Its counts also by text, beside the email. */
  by_text: z.boolean(),
  /** The phone a text would go to (the person's own, written with its country code), or null when none is. */
  text_phone: z.string().nullable(),
  /** Whether this server can text at all (texts set up, or its sandbox on). */
  texts_available: z.boolean(),
});
export type DigestSettings = z.infer<typeof digestSettings>;

/** A change of some of the digest's settings; `time_zone: null` goes back to the firm's zone. */
export const digestSettingsBody = z.object({
  enabled: z.boolean({ error: messages.notValid('Enabled') }).optional(),
  hour: z.number({ error: HOUR_MESSAGE }).int({ error: HOUR_MESSAGE }).min(0, { error: HOUR_MESSAGE }).max(23, { error: HOUR_MESSAGE }).optional(),
  time_zone: timeZoneField().nullable().optional(),
  by_text: z.boolean({ error: messages.notValid('By text') }).optional(),
});
export type DigestSettingsBody = z.infer<typeof digestSettingsBody>;
