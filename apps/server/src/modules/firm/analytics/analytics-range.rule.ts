import { ANALYTICS_DEFAULT_MONTHS, ANALYTICS_MAX_DAYS, analyticsDetails } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';

const DAY_MS = 86_400_000;

/** A range of calendar days (UTC, both ends included) and the instants that bound it, [from, to). */
export interface DayRange {
  dateFrom: string;
  dateTo: string;
  from: Date;
  to: Date;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The first day of the month `months` months before the given day's month. */
const monthStartBefore = (day: string, months: number) => {
  const d = startOf(day);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1)));
};

/**
 * The range a request asks for, with the defaults filled in: it ends today and starts on the
 * first day of the month eleven months before its end (twelve months on the chart). The contract
 * has refused an end before a start when both are given; here the filled-in range is checked too.
 */
export const resolveRange = (query: { date_from?: string | undefined; date_to?: string | undefined }, now: Date): DayRange => {
  const dateTo = query.date_to ?? isoDay(now);
  const dateFrom = query.date_from ?? monthStartBefore(dateTo, ANALYTICS_DEFAULT_MONTHS - 1);
  if (dateTo < dateFrom) {
    throw query.date_to ? ValidationError.field('date_to', analyticsDetails.dateToBeforeFrom) : ValidationError.field('date_from', analyticsDetails.dateFromInFuture);
  }
  const from = startOf(dateFrom);
  const to = new Date(startOf(dateTo).getTime() + DAY_MS);
  if ((to.getTime() - from.getTime()) / DAY_MS > ANALYTICS_MAX_DAYS) throw ValidationError.field('date_from', analyticsDetails.rangeTooLong);
  return { dateFrom, dateTo, from, to };
};

/** Every month (YYYY-MM) the range touches, in order, so a month with nothing still has its place on the chart. */
export const monthsOf = (range: DayRange): string[] => {
  const months: string[] = [];
  const d = startOf(range.dateFrom);
  let cursor = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const last = range.dateTo.slice(0, 7);
  while (isoDay(cursor).slice(0, 7) <= last) {
    months.push(isoDay(cursor).slice(0, 7));
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
  return months;
};

/** Whole days between an instant and now. */
export const daysSince = (at: Date, now: Date): number => Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
