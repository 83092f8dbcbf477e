import { DateTime } from 'luxon';

/**
 * Calendar days as Herd writes them (YYYY-MM-DD, no time, no zone) and the arithmetic on them that
 * recurring requests, due dates and a firm's "today" share. A day is counted at UTC midnight so
 * adding one never lands on a clock change.
 */

/** A calendar day's midnight, in UTC. */
export const toUtcMidnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00.000Z`);

/** The calendar day (YYYY-MM-DD) of an instant, in UTC. */
export const toIsoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The day after a date (YYYY-MM-DD). */
export const dayAfter = (isoDate: string): string => toIsoDate(new Date(toUtcMidnight(isoDate).getTime() + 86_400_000));

/** A date some days after another (due dates). */
export const addDays = (isoDate: string, days: number): string => toIsoDate(new Date(toUtcMidnight(isoDate).getTime() + days * 86_400_000));

/** The instant `days` whole 24-hour days before `now` (a rolling window: "the last 30 days"). */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * 86_400_000);

/** The date it is in a time zone at an instant. */
export const todayIn = (timeZone: string, now: Date): string => DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? toIsoDate(now);

/** The instant a date begins in a time zone (on a day whose midnight a clock change skips, the first instant that exists). */
export const dayStartsAt = (isoDate: string, timeZone: string): Date => DateTime.fromISO(isoDate, { zone: timeZone }).startOf('day').toJSDate();

/** A calendar day as a person reads it in a sentence: "Jan 31, 2026" (the day itself, whatever the machine's zone). */
export const dayInWords = (isoDate: string): string =>
  toUtcMidnight(isoDate).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
