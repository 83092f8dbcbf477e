import { WEEKDAY_NAMES, type ReminderSchedule } from '@herd/contract';

/** How the settings form shows a reminder schedule: the firm's weekly day, days of the client's own, or none. */
export type ReminderMode = 'firm' | 'custom' | 'off';

export const weekdayName = (day: number) => WEEKDAY_NAMES[day] ?? null;

/** The week from Monday, as a firm reads it; values are the contract's numbers (0 Sunday … 6 Saturday). */
export const REMINDER_DAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: WEEKDAY_NAMES[day]!.slice(0, 3) }));

/** A ladder step's wait as a select holds it: a number of days, or 'never' for a step left out. */
export type LadderChoice = number | 'never';

export interface ReminderFields {
  reminder_mode: ReminderMode;
  reminder_days: number[];
  text_after: LadderChoice;
  call_after: LadderChoice;
}

export const reminderFieldsOf = (schedule: ReminderSchedule): ReminderFields => ({
  reminder_mode: !schedule.enabled ? 'off' : schedule.weekdays ? 'custom' : 'firm',
  reminder_days: schedule.weekdays ?? [],
  text_after: schedule.text_after_days ?? 'never',
  call_after: schedule.call_after_days ?? 'never',
});

const daysOf = (choice: LadderChoice) => (choice === 'never' ? null : choice);

/** The schedule the form's fields say; turning reminders off keeps the chosen days and ladder, so turning them on again restores them. */
export const reminderScheduleOf = (fields: ReminderFields, current: ReminderSchedule): ReminderSchedule => {
  const ladder = { text_after_days: daysOf(fields.text_after), call_after_days: daysOf(fields.call_after) };
  if (fields.reminder_mode === 'off') return { enabled: false, weekdays: current.weekdays, ...ladder };
  if (fields.reminder_mode === 'firm') return { enabled: true, weekdays: null, ...ladder };
  return { enabled: true, weekdays: [...fields.reminder_days].sort((a, b) => a - b), ...ladder };
};

export const sameSchedule = (a: ReminderSchedule, b: ReminderSchedule) =>
  a.enabled === b.enabled &&
  a.text_after_days === b.text_after_days &&
  a.call_after_days === b.call_after_days &&
  JSON.stringify(a.weekdays ? [...a.weekdays].sort() : null) === JSON.stringify(b.weekdays ? [...b.weekdays].sort() : null);

const dayWord = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const LADDER_DAYS = [1, 2, 3, 5, 7, 10, 14];

/** The waits a firm picks from (and the one saved, if the API set another), with "never" first. */
export const ladderOptions = (first: string, after: string, saved: LadderChoice) => {
  const days = [0, ...LADDER_DAYS];
  if (typeof saved === 'number' && !days.includes(saved)) days.push(saved);
  return [{ value: 'never' as const, label: 'Never' }, ...days.sort((a, b) => a - b).map((n) => ({ value: n, label: n === 0 ? first : `${dayWord(n)} ${after}` }))];
};
