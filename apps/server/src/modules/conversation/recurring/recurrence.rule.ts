import type { Recurrence, Weekday } from '@herd/contract';
import rrule from 'rrule';
import { toIsoDate, toUtcMidnight } from '../../../lib/calendar-days.js';

// rrule ships CommonJS to Node: its named exports are reached through the default import.
const { RRule } = rrule;

/**
 * The dates of a schedule, computed by rrule. Occurrences are calendar days, not instants: the rule
 * runs on dates at midnight UTC (where there is no daylight saving) and each date is read back as
 * YYYY-MM-DD, so a change of clocks can neither move nor double an occurrence. The firm's time zone
 * enters only through `todayIn`: an occurrence is due once its day has begun there.
 */

const WEEKDAY_OF: Record<Weekday, InstanceType<typeof RRule>['options']['byweekday'][number]> = {
  MO: RRule.MO.weekday,
  TU: RRule.TU.weekday,
  WE: RRule.WE.weekday,
  TH: RRule.TH.weekday,
  FR: RRule.FR.weekday,
  SA: RRule.SA.weekday,
  SU: RRule.SU.weekday,
};

/**
 * The month days to ask rrule for, with BYSETPOS=-1 keeping the last that exists in each month: the
 * 31st is [28, 29, 30, 31] (so April gives the 30th, February the 28th or 29th), the 15th is [15].
 */
const monthDays = (day: number | 'LAST'): { bymonthday: number[]; bysetpos: number[] | null } => {
  if (day === 'LAST') return { bymonthday: [-1], bysetpos: null };
  if (day <= 28) return { bymonthday: [day], bysetpos: null };
  const days: number[] = [];
  for (let d = 28; d <= day; d += 1) days.push(d);
  return { bymonthday: days, bysetpos: [-1] };
};

const ruleOf = (recurrence: Recurrence) => {
  const dtstart = toUtcMidnight(recurrence.start_date);
  const until = recurrence.end_date === null ? null : toUtcMidnight(recurrence.end_date);
  if (recurrence.frequency === 'WEEKLY') {
    return new RRule({ freq: RRule.WEEKLY, byweekday: recurrence.weekdays.map((day) => WEEKDAY_OF[day]), dtstart, until, wkst: RRule.MO });
  }
  const { bymonthday, bysetpos } = monthDays(recurrence.day_of_month ?? 1);
  const startMonth = dtstart.getUTCMonth() + 1;
  if (recurrence.frequency === 'YEARLY') return new RRule({ freq: RRule.YEARLY, bymonth: [startMonth], bymonthday, bysetpos, dtstart, until });
  // A quarter is three months from the start date's month: MONTHLY with an interval of 3 keeps that phase.
  const interval = recurrence.frequency === 'QUARTERLY' ? 3 : 1;
  // rrule counts months from dtstart's month; from the 1st of it, so that a start on the 20th still has that month's 31st.
  const monthStart = new Date(Date.UTC(dtstart.getUTCFullYear(), dtstart.getUTCMonth(), 1));
  return new RRule({ freq: RRule.MONTHLY, interval, bymonthday, bysetpos, dtstart: monthStart, until });
};

/** The schedule's dates from `from` to `to`, both included (and never before its start or after its end). */
export const occurrencesBetween = (recurrence: Recurrence, from: string, to: string): string[] => {
  const start = from < recurrence.start_date ? recurrence.start_date : from;
  if (to < start) return [];
  return ruleOf(recurrence).between(toUtcMidnight(start), toUtcMidnight(to), true).map(toIsoDate);
};

/** The first date on or after `from`, or null when the schedule has ended by then. */
export const nextOccurrenceFrom = (recurrence: Recurrence, from: string): string | null => {
  const start = from < recurrence.start_date ? recurrence.start_date : from;
  if (recurrence.end_date !== null && start > recurrence.end_date) return null;
  const next = ruleOf(recurrence).after(toUtcMidnight(start), true);
  return next ? toIsoDate(next) : null;
};

/** Whether a date is one of the schedule's. */
export const isOccurrence = (recurrence: Recurrence, date: string): boolean => nextOccurrenceFrom(recurrence, date) === date;
