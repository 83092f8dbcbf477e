import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, real, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { RECEIPT_MATCH_STATES, RECEIPT_READ_STATES, RECEIPT_SOURCES } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { files } from './files.js';
import { firms } from './firms.js';
import { transactions, transactionStatusEnum } from './transactions.js';
import { users } from './users.js';

export const receiptSourceEnum = pgEnum('receipt_source', RECEIPT_SOURCES);
export const receiptReadStateEnum = pgEnum('receipt_read_state', RECEIPT_READ_STATES);
export const receiptMatchStateEnum = pgEnum('receipt_match_state', RECEIPT_MATCH_STATES);

/**
 * A receipt: one file a client or accountant handed over, what was read from
 * it, and where it stands. Each read field (vendor, date, total, currency) has
 * the reading engine's confidence (0–1) and whether a person set it; a field a
 * person set is never overwritten by a later reading.
 */
export const receipts = pgTable(
  'receipts',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    /** Null while the receipt waits in the firm's inbox for a company. */
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.pk, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.pk, { onDelete: 'cascade' }),
    status: transactionStatusEnum('status').notNull().default('READY'),
    isHidden: boolean('is_hidden').notNull().default(false),
    source: receiptSourceEnum('source').notNull(),
    /** Where the reading engine stands (the `receipt-read` job). */
    readState: receiptReadStateEnum('read_state').notNull().default('PENDING'),
    /** Why the file could not be read (FAILED), in words for the person who sent it. */
    readError: text('read_error'),
    vendor: text('vendor'),
    vendorConfidence: real('vendor_confidence'),
    vendorEdited: boolean('vendor_edited').notNull().default(false),
    receiptDate: date('receipt_date'),
    dateConfidence: real('date_confidence'),
    dateEdited: boolean('date_edited').notNull().default(false),
    total: numeric('total', { precision: 14, scale: 2 }),
    totalConfidence: real('total_confidence'),
    totalEdited: boolean('total_edited').notNull().default(false),
    currency: text('currency'),
    currencyConfidence: real('currency_confidence'),
    currencyEdited: boolean('currency_edited').notNull().default(false),
    note: text('note').notNull().default(''),
    /** A small image of the first page, made by the reading engine. */
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.pk, { onDelete: 'set null' }),
    /** An earlier receipt of the same company this one repeats: flagged, never dropped. */
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => receipts.pk, { onDelete: 'set null' }),
    /** The transaction the receipt was matched to (an accepted `receipt_matches` row). */
    transactionId: integer('transaction_id').references(() => transactions.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipts_company_list_idx').on(t.clientCompanyId, t.isHidden, t.status, t.createdAt),
    index('receipts_firm_inbox_idx')
      .on(t.firmId, t.createdAt)
      .where(sql`${t.clientCompanyId} is null`),
    index('receipts_file_idx').on(t.fileId),
    index('receipts_transaction_idx').on(t.transactionId),
  ],
);

type StoredScorePart = { kind: string; points: number; words: string };

/** `receipt_matches.decision`: how a match was made, and the charges that lost to it then. */
export interface MatchDecisionRecord {
  /** True when Herd matched by itself (the job), false for a person's match. */
  automatic: boolean;
  /** The other charges scored when the match was made, best first: each with its score and parts. */
  passedOver: { transaction: number; score: number; parts: StoredScorePart[] }[];
}

/**
 * A candidate pairing of a receipt and a transaction, scored by the matching
 * engine (`parts`: how much each of amount, date, vendor… contributed), and
 * what a person made of it. One row per pair, so a rejected pairing is not
 * suggested again.
 */
export const receiptMatches = pgTable(
  'receipt_matches',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.pk, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** Each part of the score (amount, date, vendor, currency): its points and its reason in words, shown beside a suggestion. */
    parts: jsonb('parts').$type<StoredScorePart[]>().notNull().default([]),
    state: receiptMatchStateEnum('state').notNull().default('SUGGESTED'),
    /**
     * On an ACCEPTED pairing: how the match was made, written with it — by Herd or by a person,
     * and the other charges considered then with their scores, so the receipt can say later why
     * this charge won and the others lost. Null on suggestions and on matches made before it was kept.
     */
    decision: jsonb('decision').$type<MatchDecisionRecord>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('receipt_matches_pair_unique').on(t.receiptId, t.transactionId), index('receipt_matches_transaction_idx').on(t.transactionId)],
);
