import { z } from 'zod';
import { messages } from './messages.js';

/**
 * A firm's time zone: an IANA name ("America/Chicago"), the zone its recurring requests follow (a
 * request due on the 1st goes out when the 1st begins there). A firm that existed before the setting,
 * or signs up from a browser that names no zone, is on US Eastern time, where most firms Herd serves work.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

// Letters first, then what IANA names hold ("America/Argentina/Buenos_Aires", "Etc/GMT+5"): this keeps out
// raw offsets ("+05:00") and anything else the platform might accept but the zone database does not name.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The zone's canonical name as the platform's time zone data knows it ("EST5EDT" → "America/New_York", "Etc/UTC" → "UTC"), or null when it knows none. */
export const canonicalTimeZone = (name: string): string | null => {
  if (name.length > 64 || !IANA_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/** A time zone field: a known IANA name, stored under its canonical name. */
export const timeZoneField = (label = 'Time zone') =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? messages.required(label) : messages.notValid(label)) })
    .trim()
    .refine((value) => canonicalTimeZone(value) !== null, { error: messages.notValid(label) })
    .transform((value) => canonicalTimeZone(value) ?? value);
