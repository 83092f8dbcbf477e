import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CLIENT_EDITABLE_FIELDS,
  DEFAULT_ASK_RULES,
  DEFAULT_FINISH_RULE,
  DEFAULT_REMINDER_LADDER,
  type AskRules,
  type ClientEditableField,
  type FinishRule,
  type ReminderSchedule,
} from '@herd/contract';
import { clientRoleEnum, connectionKindEnum, connectionStateEnum } from './enums.js';
import { firmMembers, firms } from './firms.js';
import { users } from './users.js';

export const clientCompanies = pgTable(
  'client_companies',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    connectionKind: connectionKindEnum('connection_kind').notNull(),
    connectionState: connectionStateEnum('connection_state').notNull().default('CONNECTED'),
    /** Transactions dated before this are not pulled or shown. */
    syncDate: date('sync_date'),
    /** Which categorization fields the company's clients may set themselves. */
    clientEditableFields: text('client_editable_fields')
      .array()
      .$type<ClientEditableField[]>()
      .notNull()
      .default([...CLIENT_EDITABLE_FIELDS]),
    /** What a client must fill before finishing a transaction; the migration gave every existing company the default. */
    finishRule: jsonb('finish_rule').$type<FinishRule>().notNull().default(DEFAULT_FINISH_RULE),
    /** When its users are reminded of their open work (`weekdays: null`: on the firm's reminder day); docs/reminders.md. */
    reminderSchedule: jsonb('reminder_schedule')
      .$type<ReminderSchedule>()
      .notNull()
      .default({ enabled: true, weekdays: null, ...DEFAULT_REMINDER_LADDER }),
    /** The firm-local date of the last reminder run claimed for the company: a run claims its date once, whoever runs it. */
    lastReminderDate: date('last_reminder_date'),
    /** When the last reminder went to someone, and how many in a row went without the client doing anything since. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    unansweredReminders: integer('unanswered_reminders').notNull().default(0),
    /** When the accountants were told the client stopped answering; cleared when the client acts again. */
    reminderEscalatedAt: timestamp('reminder_escalated_at', { withTimezone: true }),
    /**
     * The reminder ladder (docs/reminders.md): when the first reminder the client has left unanswered went out, the
     * people texted since (each once), and when the accountant was given the call. Cleared when the client acts.
     */
    unansweredSince: timestamp('unanswered_since', { withTimezone: true }),
    ladderTextedUsers: integer('ladder_texted_users').array().notNull().default([]),
    ladderTextedAt: timestamp('ladder_texted_at', { withTimezone: true }),
    ladderCallDueAt: timestamp('ladder_call_due_at', { withTimezone: true }),
    /** What the firm asks the client about: an amount from which, a receipt above which, payees it answers itself (docs/transactions.md). */
    askRules: jsonb('ask_rules').$type<AskRules>().notNull().default(DEFAULT_ASK_RULES),
    /** When the review checks last ran over the company (docs/review-checks.md). */
    reviewCheckedAt: timestamp('review_checked_at', { withTimezone: true }),
    /**
     * The last day of the ledger's closed period, as its lock was read at the last pull (QuickBooks Online's closing
     * date; the generic ledger's declared one); null while the ledger has none (docs/transactions.md, "Closed periods").
     */
    booksClosedThrough: date('books_closed_through', { mode: 'string' }),
    booksLockReadAt: timestamp('books_lock_read_at', { withTimezone: true }),
    /** A short message from the accountant, pinned on the client's dashboard. */
    pinnedNote: text('pinned_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_companies_firm_idx').on(t.firmId, t.name),
    // The clients list's order (by name whatever its case, then pk; either direction): its page is read off this index
    // in order, not sorted out of the whole firm (at 10,000 companies the sort cost about half of the list's time).
    index('client_companies_firm_lower_name_idx').on(t.firmId, sql`lower(${t.name})`, t.pk),
  ],
);

/** Team members assigned to a client company; a TEAM_MEMBER sees only these companies. */
export const clientCompanyAssignments = pgTable(
  'client_company_assignments',
  {
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    firmMemberId: integer('firm_member_id')
      .notNull()
      .references(() => firmMembers.pk, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientCompanyId, t.firmMemberId] }), index('assignments_member_idx').on(t.firmMemberId)],
);

export const clientMemberships = pgTable(
  'client_memberships',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    role: clientRoleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_memberships_company_user_unique').on(t.clientCompanyId, t.userId), index('client_memberships_user_idx').on(t.userId)],
);
