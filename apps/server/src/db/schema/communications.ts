import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMMUNICATION_FILE_ROLES, COMMUNICATION_ITEM_ANSWER_KINDS, COMMUNICATION_KINDS, W9_TAX_CLASSIFICATIONS, W9_TIN_KINDS } from '@herd/contract';
import { companyOwnedColumns } from './company-owned.js';
import { files } from './files.js';
import { senderKindEnum } from './notes.js';
import { transactionStatusEnum } from './transactions.js';
import { users } from './users.js';

export const communicationKindEnum = pgEnum('communication_kind', COMMUNICATION_KINDS);
export const communicationItemAnswerKindEnum = pgEnum('communication_item_answer_kind', COMMUNICATION_ITEM_ANSWER_KINDS);
export const communicationFileRoleEnum = pgEnum('communication_file_role', COMMUNICATION_FILE_ROLES);
export const w9TaxClassificationEnum = pgEnum('w9_tax_classification', W9_TAX_CLASSIFICATIONS);
export const w9TinKindEnum = pgEnum('w9_tin_kind', W9_TIN_KINDS);

/**
 * A request ("communication") between a firm and one of its client companies:
 * a REPORT to review, a REQUEST with a checklist, a NOTICE, or a W9 asking
 * for a vendor's form. The status moves only along the contract's transition
 * table (`nextCommunicationStatus`).
 */
export const communications = pgTable(
  'communications',
  {
    ...companyOwnedColumns(),
    kind: communicationKindEnum('kind').notNull(),
    /** Who started it: the accountant (most kinds) or the client writing to their firm. */
    sender: senderKindEnum('sender').notNull(),
    /** Null when a schedule's job wrote it, or the author's account is gone. */
    authorId: integer('author_id').references(() => users.pk, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    text: text('text').notNull().default(''),
    /** The vendor whose W-9 is asked for (W9 only). */
    w9Vendor: text('w9_vendor').notNull().default(''),
    dueDate: date('due_date'),
    status: transactionStatusEnum('status').notNull().default('PROCESSING'),
    /** Where it stood when a sync refused it, so clearing the error puts it back there. */
    statusBeforeError: transactionStatusEnum('status_before_error'),
    syncError: text('sync_error'),
    isHidden: boolean('is_hidden').notNull().default(false),
    /**
     * When the client's side took it off their own lists (a finished or cancelled one; cleared when it
     * opens again). The firm's `is_hidden` hides it from the client; this hides nothing from the firm.
     */
    clientHiddenAt: timestamp('client_hidden_at', { withTimezone: true }),
    /** The client's acknowledgement of a REPORT or NOTICE, and the question they asked with it. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    question: text('question').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.pk, { onDelete: 'set null' }),
    /** The schedule that made it (no foreign key: schedules live in their own module) and the day it stands for. */
    recurringScheduleId: integer('recurring_schedule_id'),
    occurrenceDate: date('occurrence_date'),
    /**
     * The due date the firm was last told of as due today / as overdue (docs/notifications.md): claimed with a
     * conditional UPDATE, so two sweeps tell once, and a due date moved later is told of again when it comes.
     */
    dueNoticeFor: date('due_notice_for'),
    overdueNoticeFor: date('overdue_notice_for'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communications_company_list_idx').on(t.clientCompanyId, t.isHidden, t.status, t.createdAt),
    index('communications_firm_idx').on(t.firmId, t.status),
    // The daily due-date sweep reads only requests waiting on the client with a due date, across every firm.
    index('communications_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'PROCESSING' and not ${t.isHidden} and ${t.dueDate} is not null`),
    // A schedule's job may run twice for one day (a retry): the second occurrence is refused, not doubled.
    uniqueIndex('communications_occurrence_unique')
      .on(t.recurringScheduleId, t.occurrenceDate)
      .where(sql`${t.recurringScheduleId} is not null`),
  ],
);

/** One checklist item of a REQUEST, and the client's text answer to it (file answers are `communication_files` rows). */
export const communicationItems = pgTable(
  'communication_items',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    communicationId: integer('communication_id')
      .notNull()
      .references(() => communications.pk, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    answerKind: communicationItemAnswerKindEnum('answer_kind').notNull(),
    required: boolean('required').notNull().default(true),
    answerText: text('answer_text').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('communication_items_position_unique').on(t.communicationId, t.position)],
);

/** A file of a communication: one its sender shared, a client's answer to an item, or a signed W-9. */
export const communicationFiles = pgTable(
  'communication_files',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    communicationId: integer('communication_id')
      .notNull()
      .references(() => communications.pk, { onDelete: 'cascade' }),
    /** The item a file answers (ANSWER only). */
    itemId: integer('item_id').references(() => communicationItems.pk, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.pk, { onDelete: 'cascade' }),
    role: communicationFileRoleEnum('role').notNull(),
    addedBy: integer('added_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communication_files_communication_idx').on(t.communicationId), index('communication_files_file_idx').on(t.fileId)],
);

/**
 * The client's answer to a W9: the form's fields, or only a signed form
 * (`signed_form_file_id`). The TIN is stored sealed with the app's secret
 * (as ledger tokens are); `tin_last4` is what every answer shows.
 */
export const communicationW9s = pgTable('communication_w9s', {
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  communicationId: integer('communication_id')
    .notNull()
    .unique()
    .references(() => communications.pk, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  businessName: text('business_name').notNull().default(''),
  taxClassification: w9TaxClassificationEnum('tax_classification'),
  addressLine: text('address_line').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  tinKind: w9TinKindEnum('tin_kind'),
  tinEnc: text('tin_enc'),
  tinLast4: text('tin_last4'),
  signedFormFileId: integer('signed_form_file_id').references(() => files.pk, { onDelete: 'set null' }),
  submittedBy: integer('submitted_by').references(() => users.pk, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request the firm sent that one client user of its company is still to be told of by email and text
 * (docs/requests.md, "Telling the client"). Written with the request, one row per person; the
 * `request-arrival` job claims a person's unsent rows, sends them one message listing theirs and marks
 * them sent, so a retry or a second worker sends nothing twice. `error` keeps the last failure (shown
 * to the accountant on the request).
 */
export const requestArrivalNotices = pgTable(
  'request_arrival_notices',
  {
    communicationId: integer('communication_id')
      .notNull()
      .references(() => communications.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    firmId: integer('firm_id').notNull(),
    clientCompanyId: integer('client_company_id').notNull(),
    /** What the person is told: the request ARRIVED, is DUE today, or is OVERDUE (docs/requests.md, "Telling the client"). */
    kind: text('kind', { enum: ['ARRIVED', 'DUE', 'OVERDUE'] })
      .notNull()
      .default('ARRIVED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a run that is sending it; a run that died holding it is overtaken after ARRIVAL_CLAIM_MINUTES. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the person was told, or decided not to be (opted out, deactivated, the firm read-only): see `outcome`. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.communicationId, t.userId, t.kind] }),
    index('request_arrival_notices_pending_idx')
      .on(t.clientCompanyId, t.userId)
      .where(sql`${t.settledAt} is null`),
  ],
);
