import { date, index, integer, pgTable, primaryKey, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { transactionStatusEnum, transactions } from './transactions.js';
import { users } from './users.js';

/**
 * One CSV export of a CSV company's published transactions: who made it,
 * when, with which filters, and the file exactly as it was sent, so
 * downloading it again gives the same lines even after a transaction was
 * corrected and published again.
 */
export const csvExportBatches = pgTable(
  'csv_export_batches',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    /** Null: every exportable status. */
    status: transactionStatusEnum('status'),
    /** Whether the export left out what an earlier export already carried. */
    onlyNew: boolean('only_new').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    lineCount: integer('line_count').notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('csv_export_batches_company_idx').on(t.clientCompanyId, t.createdAt)],
);

/**
 * Which transactions a batch carried, and the publish it carried them at:
 * a transaction published again after a correction is new again.
 */
export const csvExportBatchTransactions = pgTable(
  'csv_export_batch_transactions',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => csvExportBatches.pk, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.transactionId] }), index('csv_export_batch_transactions_transaction_idx').on(t.transactionId, t.publishedAt)],
);
