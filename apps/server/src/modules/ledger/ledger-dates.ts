import { DateTime } from 'luxon';

/**
 * The two date sums ledger code does, on the date library the server already uses rather than by
 * milliseconds: a ledger's day of a moment (its transaction dates are plain days, read in UTC as
 * the ledgers' APIs write their timestamps), and a moment some days before another.
 */
export const ledgerDay = (moment: Date): string => DateTime.fromJSDate(moment, { zone: 'utc' }).toISODate()!;

export const daysBefore = (moment: Date, days: number): Date => DateTime.fromJSDate(moment, { zone: 'utc' }).minus({ days }).toJSDate();
