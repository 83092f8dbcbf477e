import type { DayOfMonth, Recurrence, RecurrenceFrequency, Weekday } from '@herd/contract';
import type { recurringSchedules } from '../../../db/schema/index.js';

export type ScheduleRow = typeof recurringSchedules.$inferSelect;

/** The stored day of the month: -1 stands for the month's last day. */
export const LAST_DAY = -1;
export const storedDayOfMonth = (day: DayOfMonth | null): number | null => (day === 'LAST' ? LAST_DAY : day);
export const dayOfMonthOf = (stored: number | null): DayOfMonth | null => (stored === LAST_DAY ? 'LAST' : stored);

/** The recurrence a stored schedule describes, as the calculation takes it. */
export const recurrenceOf = (row: {
  frequency: RecurrenceFrequency;
  weekdays: string[];
  dayOfMonth: number | null;
  startDate: string;
  endDate: string | null;
}): Recurrence => ({
  frequency: row.frequency,
  weekdays: row.weekdays as Weekday[],
  day_of_month: dayOfMonthOf(row.dayOfMonth),
  start_date: row.startDate,
  end_date: row.endDate,
});
