import { z } from 'zod';
import { idField } from './ids.js';
import { ledgerSyncInfo } from './quickbooks.js';
import { CLIENT_EDITABLE_FIELDS, CONNECTION_KINDS, CONNECTION_STATES } from './enums.js';
import { askRules } from './ask-rules.js';
import { finishRule } from './finish-rule.js';
import { numberBetween, optionalText, requiredText } from './fields.js';
import { messages } from './messages.js';

/** Days of the week as JavaScript numbers them: 0 is Sunday, 1 Monday … 6 Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const weekdayField = (label: string) => numberBetween(label, 0, 6).int({ error: messages.notValid(label) });

/** How many days a step of the reminder ladder waits: whole days, up to a month. */
const ladderDays = (label: string) => numberBetween(label, 0, 30).int({ error: messages.notValid(label) });

/** What the reminder ladder does when a client leaves their questions unanswered, and what an old schedule without it gets. */
export const DEFAULT_REMINDER_LADDER = { text_after_days: 2, call_after_days: 5 } as const;

/**
 * When a client company's users are reminded of their open work: `enabled: false` never; `weekdays: null`
 * weekly on the firm's reminder day; otherwise on each of the given days. The ladder climbs from the first
 * reminder email the client left unanswered: a text `text_after_days` later, then a call task for the
 * accountant `call_after_days` after that; null leaves a step out (docs/reminders.md).
 */
export const reminderSchedule = z.object({
  enabled: z.boolean({ error: messages.notValid('Reminders') }),
  weekdays: z
    .array(weekdayField('Reminder days'), { error: messages.notValid('Reminder days') })
    .min(1, { error: 'Choose at least one reminder day.' })
    .max(7, { error: messages.notValid('Reminder days') })
    .refine((days) => new Set(days).size === days.length, { error: 'Each reminder day may be chosen once.' })
    .nullable(),
  text_after_days: ladderDays('Text after').nullable().default(DEFAULT_REMINDER_LADDER.text_after_days),
  call_after_days: ladderDays('Call after').nullable().default(DEFAULT_REMINDER_LADDER.call_after_days),
});
export type ReminderSchedule = z.infer<typeof reminderSchedule>;

/** Kinds created directly (a QuickBooks Desktop company is then set up for its Web Connector); QBO and Xero companies are created by their connect flows. */
export const DIRECTLY_CREATED_KINDS = ['CSV', 'CONNECTIONLESS', 'GENERIC', 'QBD'] as const;

export const clientCompanyCreateBody = z.object({
  name: requiredText('Name', 200),
  connection_kind: z.enum(DIRECTLY_CREATED_KINDS, {
    error: (issue) => (issue.input === undefined ? messages.required('Connection kind') : messages.notValid('Connection kind')),
  }),
});

export const clientCompanyUpdateBody = z
  .object({
    name: requiredText('Name', 200),
    assigned_members: z.array(idField('Assigned members'), { error: messages.notValid('Assigned members') }).max(500),
    client_editable_fields: z.array(z.enum(CLIENT_EDITABLE_FIELDS, { error: messages.notValid('Client editable fields') })),
    /** What a client must fill to finish; only fields clients may set (after this update) can be required. */
    finish_rule: finishRule,
    reminder_schedule: reminderSchedule,
    /** What is worth asking the client; changing it moves the waiting transactions it now keeps or gives back. */
    ask_rules: askRules,
    pinned_note: optionalText('Pinned note', 2000),
  })
  .partial();
export type ClientCompanyUpdateBody = z.infer<typeof clientCompanyUpdateBody>;

export const syncDateBody = z.object({
  sync_date: z.iso.date({ error: messages.notValid('Sync date') }).nullable(),
});

export const memberRef = z.object({ pk: z.number(), name: z.string(), email: z.string() });

export const clientCompany = z.object({
  pk: z.number(),
  name: z.string(),
  connection_kind: z.enum(CONNECTION_KINDS),
  connection_state: z.enum(CONNECTION_STATES),
  sync_date: z.string().nullable(),
  client_editable_fields: z.array(z.enum(CLIENT_EDITABLE_FIELDS)),
  /** The rule as the accountant set it; what a client is held to is `clientFinishRule` of it. */
  finish_rule: finishRule,
  reminder_schedule: reminderSchedule,
  ask_rules: askRules,
  pinned_note: z.string(),
  assigned_members: z.array(memberRef),
  client_users_count: z.number(),
  /** Open findings of the review checks (docs/review-checks.md). */
  review_findings: z.number(),
  /** The last day of the ledger's closed period as the last pull read it (null: none, or not read yet). */
  books_closed_through: z.string().nullable(),
  /** Where the sync with a ledger outside Herd stands; null for ledgers Herd holds (CSV, generic). */
  ledger_sync: ledgerSyncInfo.nullable(),
  created_at: z.string(),
});
export type ClientCompany = z.infer<typeof clientCompany>;

export const CLIENT_COMPANY_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});

export const clientCompanyListQuery = listQuery.extend({
  ordering: z.enum(CLIENT_COMPANY_ORDERINGS).default('name'),
  connection_kind: z.enum(CONNECTION_KINDS).optional(),
  connection_state: z.enum(CONNECTION_STATES).optional(),
  has_client_users: z.enum(['true', 'false']).optional(),
});

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

export type ClientCompanyCreateBody = z.infer<typeof clientCompanyCreateBody>;
export type ClientCompanyOrdering = (typeof CLIENT_COMPANY_ORDERINGS)[number];
export type DirectlyCreatedKind = (typeof DIRECTLY_CREATED_KINDS)[number];
/** A page of a list endpoint: `{count, next, previous, results}`. */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A page of a list whose count may stop at a cap (filtered transaction lists: 1,000); `count_capped` says there are more. */
export interface CappedPaginated<T> extends Paginated<T> {
  count_capped: boolean;
}
