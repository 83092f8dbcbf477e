import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BILLABLE_FLAGS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { files } from './files.js';
import { ledgerAccounts } from './ledger.js';
import { ledgerRefs } from './refs.js';
import { users } from './users.js';

export const transactionTypeEnum = pgEnum('transaction_type', TRANSACTION_TYPES);
export const transactionStatusEnum = pgEnum('transaction_status', TRANSACTION_STATUSES);
export const billableEnum = pgEnum('billable', BILLABLE_FLAGS);

export const transactions = pgTable(
  'transactions',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    /** The ledger's id (or, for CSV rows without one, a hash of the row). Unique per company. */
    externalId: text('external_id').notNull(),
    /** The ledger's entity name (Purchase, BankTransaction, csv, generic …). */
    ledgerEntityType: text('ledger_entity_type').notNull(),
    type: transactionTypeEnum('type').notNull(),
    subtype: text('subtype').notNull(),
    date: date('date').notNull(),
    /** Always positive; the direction comes from the type. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull().default(''),
    payee: text('payee').notNull().default(''),
    paymentAccountId: integer('payment_account_id').references(() => ledgerAccounts.pk, { onDelete: 'set null' }),
    /** The herd account the transaction sits in (Uncategorized Expense, Ask My Accountant, …). */
    watchedAccountId: integer('watched_account_id').references(() => ledgerAccounts.pk, { onDelete: 'set null' }),
    status: transactionStatusEnum('status').notNull().default('READY'),
    isHidden: boolean('is_hidden').notNull().default(false),
    clientMemo: text('client_memo').notNull().default(''),
    /** The accountant's message when sending it back to the client. */
    backMessage: text('back_message').notNull().default(''),
    /** The ledger's optimistic-locking token (QuickBooks SyncToken). */
    ledgerVersion: text('ledger_version'),
    categorizedBy: integer('categorized_by').references(() => users.pk, { onDelete: 'set null' }),
    categorizedAt: timestamp('categorized_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.pk, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    raw: jsonb('raw').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_company_external_unique').on(t.clientCompanyId, t.externalId),
    // The lists: one company's rows of some statuses, hidden or not, newest first.
    index('transactions_list_idx').on(t.clientCompanyId, t.isHidden, t.status, t.date.desc(), t.pk.desc()),
    // Lists of several statuses (categorized, completed) walk this one in date order and stop at a page.
    index('transactions_date_idx').on(t.clientCompanyId, t.isHidden, t.date.desc(), t.pk.desc()),
    index('transactions_payment_account_idx').on(t.paymentAccountId),
  ],
);

export const transactionLines = pgTable(
  'transaction_lines',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => ledgerAccounts.pk, { onDelete: 'set null' }),
    vendorId: integer('vendor_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    taxId: integer('tax_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    trackingOptionOneId: integer('tracking_option_one_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    trackingOptionTwoId: integer('tracking_option_two_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    billable: billableEnum('billable'),
  },
  (t) => [index('transaction_lines_transaction_idx').on(t.transactionId, t.position)],
);

export const transactionAttachments = pgTable(
  'transaction_attachments',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.pk, { onDelete: 'cascade' }),
    /** Set once the file is attached in the ledger too. */
    ledgerAttachmentId: text('ledger_attachment_id'),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_attachments_unique').on(t.transactionId, t.fileId),
    index('transaction_attachments_file_idx').on(t.fileId),
  ],
);

export const syncErrors = pgTable(
  'sync_errors',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    code: text('code').notNull().default(''),
    message: text('message').notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sync_errors_open_idx').on(t.transactionId).where(sql`${t.clearedAt} is null`)],
);
