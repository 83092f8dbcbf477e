import { z } from 'zod';
import { COMMUNICATION_KINDS, COMMUNICATION_STATUSES, communicationContent } from './communications.js';
import { idField } from './ids.js';
import { messages } from './messages.js';

/**
 * Recurring requests: a schedule repeats the content an accountant wrote (`communicationContent`) on
 * dates in the firm's time zone. Weekly on chosen weekdays; monthly, quarterly or yearly on a day of
 * the month or its last day. Quarters and years count from the start date's month (a yearly schedule
 * starting in April repeats every April). A day past a month's end (the 31st in April, the 29th in a
 * February of a common year) falls on that month's last day, so no month is skipped.
 */
export const RECURRENCE_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** ISO weekdays, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day of the month (1–31) or the month's last day. */
export type DayOfMonth = number | 'LAST';

/** How far ahead the upcoming list looks, and how many it answers at most. */
export const UPCOMING_DAYS = 92;
export const UPCOMING_MAX = 200;
/** The longest a due date may follow its occurrence. */
export const DUE_DAYS_MAX = 365;

const isoDate = (label: string) => z.iso.date({ error: messages.notValid(label) });

/** The recurrence as stored and answered; the fields' rules between each other are in `checkRecurrence`. */
export interface Recurrence {
  frequency: RecurrenceFrequency;
  weekdays: Weekday[];
  day_of_month: DayOfMonth | null;
  start_date: string;
  end_date: string | null;
}

const recurrenceFields = {
  frequency: z.enum(RECURRENCE_FREQUENCIES, { error: messages.notValid('Frequency') }),
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: messages.notValid('Weekday') }), { error: messages.notValid('Weekdays') })
    .max(7, { error: messages.tooMany('Weekdays', 7) })
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
  day_of_month: z.union([z.number().int().min(1).max(31), z.literal('LAST')], { error: 'Day of month must be a day from 1 to 31 or LAST.' }).nullable(),
  start_date: isoDate('Start date'),
  end_date: isoDate('End date').nullable(),
};

/** The rules between the recurrence's fields, as field errors: what each frequency needs, and an end not before the start. */
export const recurrenceProblems = (value: Recurrence): Record<string, string> => {
  const problems: Record<string, string> = {};
  if (value.frequency === 'WEEKLY') {
    if (value.weekdays.length === 0) problems.weekdays = messages.tooFew('Weekdays', 1);
    if (value.day_of_month !== null) problems.day_of_month = 'Only a monthly, quarterly or yearly schedule has a day of the month.';
  } else {
    if (value.day_of_month === null) problems.day_of_month = messages.required('Day of month');
    if (value.weekdays.length > 0) problems.weekdays = 'Only a weekly schedule has weekdays.';
  }
  if (value.end_date !== null && value.end_date < value.start_date) problems.end_date = 'End date cannot be before the start date.';
  return problems;
};

const checkRecurrence = (value: Recurrence, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(recurrenceProblems(value))) ctx.addIssue({ code: 'custom', path: [path], message });
};

const scheduleFields = {
  content: communicationContent,
  /** Days between an occurrence and its due date; null for none. */
  due_days: z
    .number({ error: messages.notValid('Due days') })
    .int({ error: messages.notWholeNumber('Due days') })
    .min(0, { error: messages.atLeast('Due days', 0) })
    .max(DUE_DAYS_MAX, { error: messages.atMost('Due days', DUE_DAYS_MAX) })
    .nullable(),
  ...recurrenceFields,
};

export const recurringScheduleCreateBody = z
  .object({
    client_company: idField('Client company'),
    ...scheduleFields,
    weekdays: recurrenceFields.weekdays.default([]),
    day_of_month: recurrenceFields.day_of_month.default(null),
    end_date: recurrenceFields.end_date.default(null),
    due_days: scheduleFields.due_days.default(null),
  })
  .superRefine(checkRecurrence);
export type RecurringScheduleCreateBody = z.infer<typeof recurringScheduleCreateBody>;

/** Any field may change; the server checks the schedule as it would then be. Changes apply to occurrences not yet created. */
export const recurringScheduleUpdateBody = z.object(scheduleFields).partial();
export type RecurringScheduleUpdateBody = z.infer<typeof recurringScheduleUpdateBody>;

export const recurringSchedule = z.object({
  pk: z.number(),
  client_company: z.number(),
  content: z.object({
    kind: z.enum(COMMUNICATION_KINDS),
    subject: z.string(),
    text: z.string(),
    items: z.array(z.object({ label: z.string(), answer_kind: z.string(), required: z.boolean() })),
    attachments: z.array(z.number()),
    w9_vendor: z.string(),
  }),
  due_days: z.number().nullable(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  weekdays: z.array(z.enum(WEEKDAYS)),
  day_of_month: z.union([z.number(), z.literal('LAST')]).nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  /** The next date an occurrence will be created (YYYY-MM-DD, the firm's day), or null when the schedule has ended. */
  next_occurrence: z.string().nullable(),
  /** How many occurrences were created so far. */
  occurrences_count: z.number(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringSchedule = z.infer<typeof recurringSchedule>;

/** A schedule for pickers: its subject, kind and frequency. */
export const recurringScheduleChoice = z.object({ pk: z.number(), subject: z.string(), kind: z.enum(COMMUNICATION_KINDS), frequency: z.enum(RECURRENCE_FREQUENCIES) });

export const recurringScheduleListQuery = z.object({
  page: z.coerce
    .number({ error: messages.notNumber('Page') })
    .int()
    .min(1)
    .default(1),
  page_size: z.coerce
    .number({ error: messages.notNumber('Page size') })
    .int()
    .min(1)
    .max(100)
    .default(20),
});

/** One occurrence a schedule created, with the communication it became (null once that communication was deleted). */
export const scheduleOccurrence = z.object({
  occurrence_date: z.string(),
  communication: z.number().nullable(),
  subject: z.string().nullable(),
  status: z.enum(COMMUNICATION_STATUSES).nullable(),
  created_at: z.string(),
});
export type ScheduleOccurrence = z.infer<typeof scheduleOccurrence>;

/** An occurrence still to come, for the Scheduled screens. */
export const upcomingOccurrence = z.object({
  schedule: z.number(),
  occurrence_date: z.string(),
  kind: z.enum(COMMUNICATION_KINDS),
  subject: z.string(),
  /** The due date the communication will carry, or null. */
  due_date: z.string().nullable(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
});
export type UpcomingOccurrence = z.infer<typeof upcomingOccurrence>;
