import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RECURRENCE_FREQUENCIES, type CommunicationContent } from '@herd/contract';
import { companyOwnedColumns } from './company-owned.js';
import { communications } from './communications.js';
import { users } from './users.js';

export const recurrenceFrequencyEnum = pgEnum('recurrence_frequency', RECURRENCE_FREQUENCIES);

/**
 * A recurring request: the content an accountant wrote, repeated for one client company on the
 * schedule's dates (`modules/conversation/recurring/recurrence.rule.ts`), in the firm's time zone. A deleted schedule
 * keeps its row (and its occurrences, whose communications stay) with `deleted_at` set.
 */
export const recurringSchedules = pgTable(
  'recurring_schedules',
  {
    ...companyOwnedColumns(),
    /** What each occurrence says, as `communicationContent` parsed it. */
    content: jsonb('content').$type<CommunicationContent>().notNull(),
    /** Days from an occurrence to its due date; null for no due date. */
    dueDays: integer('due_days'),
    frequency: recurrenceFrequencyEnum('frequency').notNull(),
    /** WEEKLY: MO…SU. */
    weekdays: text('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** MONTHLY, QUARTERLY, YEARLY: 1–31, or -1 for the month's last day. */
    dayOfMonth: smallint('day_of_month'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** The next date to create (the sweep's index); null once the schedule has ended. */
    nextOccurrenceDate: date('next_occurrence_date'),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('recurring_schedules_due_idx')
      .on(t.nextOccurrenceDate)
      .where(sql`${t.deletedAt} IS NULL AND ${t.nextOccurrenceDate} IS NOT NULL`),
    index('recurring_schedules_company_idx')
      .on(t.clientCompanyId, t.pk)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * One date of a schedule that was created: the row that makes it happen once. The job inserts it
 * (the UNIQUE on schedule and date refuses a second) and the communication in one transaction.
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => recurringSchedules.pk, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date').notNull(),
    /** The communication it became; null once that communication is deleted. */
    communicationId: integer('communication_id').references(() => communications.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recurring_occurrences_schedule_date_uq').on(t.scheduleId, t.occurrenceDate)],
);
