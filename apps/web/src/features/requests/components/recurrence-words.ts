import type { DayOfMonth, Recurrence, RecurrenceFrequency, Weekday } from '@herd/contract';
import { formatDate } from '../../../lib/format';

export const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = { WEEKLY: 'Weekly', MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' };

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

const dayWords = (day: DayOfMonth | null) => (day === 'LAST' ? 'the last day' : day === null ? 'a day to choose' : `the ${ordinal(day)}`);

const listWords = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** When it repeats, without the dates: "Weekly on Monday and Thursday", "Quarterly on the last day". */
export const repeatWords = (r: Pick<Recurrence, 'frequency' | 'weekdays' | 'day_of_month'>): string =>
  r.frequency === 'WEEKLY' ? `Weekly on ${listWords(r.weekdays.map((d) => WEEKDAY_LABELS[d]))}` : `${FREQUENCY_LABELS[r.frequency]} on ${dayWords(r.day_of_month)}`;

/** The whole schedule in a sentence: "Monthly on the 5th, from Dec 1, 2026 until Jun 30, 2027". */
export const recurrenceSentence = (r: Recurrence): string =>
  `${repeatWords(r)}, from ${formatDate(r.start_date)}${r.end_date ? ` until ${formatDate(r.end_date)}` : ', with no end date'}`;
