import { WEEKDAY_NAMES, type ReminderSchedule } from '@herd/contract';

/** How the settings form shows a reminder schedule: the firm's weekly day, days of the client's own, or none. */
export type ReminderMode = 'firm' | 'custom' | 'off';

export const weekdayName = (day: number) => WEEKDAY_NAMES[day] ?? null;

/** The week from Monday, as a firm reads it; values are the contract's numbers (0 Sunday … 6 Saturday). */
export const REMINDER_DAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: WEEKDAY_NAMES[day]!.slice(0, 3) }));

export const reminderFieldsOf = (schedule: ReminderSchedule): { reminder_mode: ReminderMode; reminder_days: number[] } => ({
  reminder_mode: !schedule.enabled ? 'off' : schedule.weekdays ? 'custom' : 'firm',
  reminder_days: schedule.weekdays ?? [],
});

/** The schedule the form's fields say; turning reminders off keeps the chosen days, so turning them on again restores them. */
export const reminderScheduleOf = (mode: ReminderMode, days: number[], current: ReminderSchedule): ReminderSchedule => {
  if (mode === 'off') return { enabled: false, weekdays: current.weekdays };
  if (mode === 'firm') return { enabled: true, weekdays: null };
  return { enabled: true, weekdays: [...days].sort((a, b) => a - b) };
};

export const sameSchedule = (a: ReminderSchedule, b: ReminderSchedule) =>
  a.enabled === b.enabled && JSON.stringify(a.weekdays ? [...a.weekdays].sort() : null) === JSON.stringify(b.weekdays ? [...b.weekdays].sort() : null);
