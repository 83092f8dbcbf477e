import { z } from 'zod';
import { messages } from './messages.js';
import { optionalText } from './fields.js';
import { timeZoneField } from './time-zone.js';

/** At most one push to a person in this many minutes: a burst of news becomes one notification. */
export const PUSH_INTERVAL_MINUTES = 15;
/** The devices one person may have told Herd to push to (a phone, a tablet, a few browsers). */
export const PUSH_DEVICES_MAX = 10;

/** The server's public key (VAPID, RFC 8292) that a browser subscribes with, base64url as the Push API takes it. */
export const pushPublicKey = z.object({ public_key: z.string() });

/** One device a person has let Herd push to; its subscription itself is never shown again. */
export const pushDevice = z.object({
  pk: z.number(),
  /** What the person or their browser called it ("iPhone", "Chrome on Windows"). */
  label: z.string(),
  time_zone: z.string(),
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
});
export const pushDevices = z.object({ devices: z.array(pushDevice) });
export type PushDevice = z.infer<typeof pushDevice>;

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys: `length` characters for the key's bytes. */
const base64url = (label: string, length: number) =>
  z.string({ error: messages.required(label) }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), { error: messages.notValid(label) });

/**
 * What a browser's `PushSubscription.toJSON()` gives: where its push service takes messages (an https
 * address), and the keys they are encrypted for (RFC 8291: a P-256 point and a 16-byte secret).
 */
export const pushSubscribeBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: messages.notValid('Endpoint') }).max(1000, { error: messages.tooLong('Endpoint', 1000) }),
  keys: z.object(
    {
      // 65 bytes (an uncompressed P-256 point) and 16 bytes.
      p256dh: base64url('Key p256dh', 87),
      auth: base64url('Key auth', 22),
    },
    { error: messages.required('Keys') },
  ),
  label: optionalText('Label', 100).optional(),
  time_zone: timeZoneField(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

const TIME_MESSAGE = 'Time must be written as HH:MM, from 00:00 to 23:59.';
const timeOfDay = () => z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_MESSAGE });

/**
 * When a person is never pushed to, read in each device's own time zone: from `start` until `end`
 * (over midnight when `end` comes first, "22:00" to "07:00"). Null: at any time.
 */
export const pushSettings = z.object({ quiet_hours: z.object({ start: timeOfDay(), end: timeOfDay() }).nullable() });
export type PushSettings = z.infer<typeof pushSettings>;
export const pushSettingsBody = pushSettings;
