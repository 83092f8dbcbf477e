import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLABLE_FLAGS, LIST_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES, type KeptReason, type TransactionStatus } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { files } from './files.js';
import { ledgerAccounts } from './ledger.js';
import { ledgerRefs } from './refs.js';
import { suggestionRules } from './suggestion-rules.js';
import { users } from './users.js';

export const transactionTypeEnum = pgEnum('transaction_type', TRANSACTION_TYPES);
export const transactionStatusEnum = pgEnum('transaction_status', TRANSACTION_STATUSES);
export const billableEnum = pgEnum('billable', BILLABLE_FLAGS);

/**
 * The statuses of the accountant's Categorized list (and the client's
 * Completed one), from the contract's list rules. transactions_categorized_idx
 * covers exactly them: change the list and drizzle-kit makes the new index.
 */
export const CATEGORIZED_STATUSES: readonly TransactionStatus[] = LIST_STATUSES.accountantCategorized;

/**
 * Bits of `transactions.markers`: which WITHOUT_* filter markers the
 * transaction matches. Database triggers (migration 0008) keep the column in
 * step with its lines and attachments, so no write path can forget it; the
 * SQL function `herd_line_marker_bits` uses the same values.
 */
export const MARKER_BITS = {
  WITHOUT_CLASS: 1,
  WITHOUT_LOCATION: 2,
  WITHOUT_CUSTOMER: 4,
  WITHOUT_VENDOR: 8,
  WITHOUT_TRACKING_CATEGORY_ONE: 16,
  WITHOUT_TRACKING_CATEGORY_TWO: 32,
  WITHOUT_ATTACHMENTS: 64,
} as const;

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
    /**
     * Hidden from the client because the firm's rules keep it (under the amount asked about, or a payee the firm answers
     * itself); null for every other row. Leaving READY gives it back to the lists as any row (a trigger, migration 0069).
     */
    keptBy: text('kept_by').$type<KeptReason>(),
    /** MARKER_BITS; a new transaction has no lines and no attachment yet. Written only by triggers. */
    markers: smallint('markers').notNull().default(MARKER_BITS.WITHOUT_ATTACHMENTS),
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
    /**
     * Set when the answer, dated in a period the ledger had closed, went to the ledger as a journal
     * entry dated in the open period instead (the transaction itself left as it is): that day, and the
     * journal's id at the ledger (null for a ledger Herd holds itself, whose system posts it from the
     * published feed). A corrected row is never asked about again (docs/transactions.md, "Closed periods").
     */
    correctionDate: date('correction_date'),
    correctionExternalId: text('correction_external_id'),
    /**
     * Who was paid, as `normalizeMerchant` recognises it from the payee or description ('' when
     * the text names nobody); null until the suggestion job fills it (rows refreshed by a ledger
     * are set back to null). Answers are grouped by it (docs/suggestions.md).
     */
    merchantKey: text('merchant_key'),
    /** The latest answer was a suggestion taken as it was (the accountant sees "Suggested"). */
    answeredFromSuggestion: boolean('answered_from_suggestion').notNull().default(false),
    /** The suggestion job answered it by an accountant's rule (the accountant sees "Auto"); a person's later answer clears it. */
    autoAnswered: boolean('auto_answered').notNull().default(false),
    /** The rule whose category the latest answer was given or suggested by: a changed category counts against it. */
    ruleId: integer('rule_id').references(() => suggestionRules.pk, { onDelete: 'set null' }),
    /**
     * Grows with every save of what a person sees of the transaction (its fields, status, lines), so an
     * editor that sends the version it read learns when someone else saved in between. Kept by database
     * triggers (migrations 0060, 0064), so no write path can forget it; bookkeeping columns (markers,
     * merchant key, updated_at) do not count.
     */
    version: integer('version').notNull().default(1),
    /**
     * The database transaction that last moved `version` (its `pg_current_xact_id()`): a save moves the
     * version once, however many statements it takes (its status, its lines, its memo). Kept by the same
     * triggers (migration 0064); nothing else reads or writes it.
     */
    versionXact: bigint('version_xact', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_company_external_unique').on(t.clientCompanyId, t.externalId),
    // A receipt's candidate charges: the amount range is the narrow one (a total to a quarter
    // above it), the date window is tested on the index entries (docs/receipts.md).
    index('transactions_receipt_candidates_idx').on(t.clientCompanyId, t.amount, t.date),
    // Ascending keys, read backwards for `-date`: an index in `DESC NULLS LAST` order does not
    // match `ORDER BY date DESC` (nulls first) and the planner sorted every candidate instead.
    // The columns after pk let counts with filters (amount, markers, type, a restricted user's
    // accounts) run as index-only scans.
    // The lists of one status: one company's rows, hidden or not, in date order.
    index('transactions_list_idx').on(t.clientCompanyId, t.isHidden, t.status, t.date, t.pk, t.markers, t.amount, t.type, t.paymentAccountId, t.watchedAccountId),
    // A page's keys: walked in date order (any statuses) and stopped after one page, as an
    // index-only scan that tests the filters on the index entries, not on fetched rows.
    index('transactions_date_idx').on(t.clientCompanyId, t.isHidden, t.date, t.pk, t.status, t.markers, t.amount, t.type, t.paymentAccountId, t.watchedAccountId),
    // Counts with WITHOUT_* markers: the filter becomes `markers IN (every value with those bits)`,
    // a few dozen index descents that visit only the matching entries instead of every candidate.
    index('transactions_markers_idx').on(t.clientCompanyId, t.isHidden, t.status, t.markers, t.date, t.amount, t.type, t.paymentAccountId, t.watchedAccountId),
    // The Categorized list's keys and filtered counts, in date order over its statuses only: the
    // date index walked past thousands of newer READY rows to find ten categorized ones (3.5 ms → 0.4 ms).
    index('transactions_categorized_idx')
      .on(t.clientCompanyId, t.isHidden, t.date, t.pk, t.markers, t.amount, t.type, t.paymentAccountId, t.watchedAccountId, t.status)
      .where(sql.raw(`status in (${CATEGORIZED_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('transactions_payment_account_idx').on(t.paymentAccountId),
    // A pull passes over the journals Herd posted as corrections: each page asks which of its ids are one.
    index('transactions_correction_idx')
      .on(t.clientCompanyId, t.correctionExternalId)
      .where(sql`correction_external_id is not null`),
    // Analytics: when rows arrived, per company and status. The oldest open row of a status is one
    // descent; the rows received in a range are one range scan per (hidden, status) pair, listed
    // with `= any(...)` so the planner descends the index instead of reading the company's rows.
    index('transactions_created_idx').on(t.clientCompanyId, t.isHidden, t.status, t.createdAt),
    // A merchant's answers, in one company (the company's own history) or across a firm's companies
    // (what other clients chose): the key first serves both.
    index('transactions_merchant_idx')
      .on(t.merchantKey, t.clientCompanyId, t.status, t.date)
      .where(sql`merchant_key is not null and merchant_key <> ''`),
    // Rows the suggestion job has still to read a merchant from.
    index('transactions_merchant_missing_idx')
      .on(t.clientCompanyId)
      .where(sql`merchant_key is null`),
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
  (t) => [uniqueIndex('transaction_attachments_unique').on(t.transactionId, t.fileId), index('transaction_attachments_file_idx').on(t.fileId)],
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
  (t) => [
    index('sync_errors_open_idx')
      .on(t.transactionId)
      .where(sql`${t.clearedAt} is null`),
  ],
);

/**
 * How many transactions each company has per status and hidden flag, kept by
 * a trigger on `transactions` (migration 0008) so the counters endpoint reads
 * a dozen rows instead of counting a company's transactions.
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    status: transactionStatusEnum('status').notNull(),
    isHidden: boolean('is_hidden').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientCompanyId, t.status, t.isHidden] })],
);
