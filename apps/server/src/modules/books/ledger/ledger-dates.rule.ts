import { DateTime, type DurationLikeObject } from 'luxon';

/**
 * The date sums ledger code does, on the date library the server already uses rather than by
 * milliseconds: a ledger's day of a moment (transaction dates are plain days, and the ledgers'
 * APIs write their timestamps in UTC), and a moment some time before another.
 */
export const ledgerDay = (moment: Date): string => DateTime.fromJSDate(moment, { zone: 'utc' }).toISODate()!;

export const before = (moment: Date, span: DurationLikeObject): Date => DateTime.fromJSDate(moment, { zone: 'utc' }).minus(span).toJSDate();
