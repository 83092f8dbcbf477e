import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests sent to another service within its rolling window, per account there (a QuickBooks
 * realm), so that every API and worker process counts against one limit: the times of the
 * requests still inside the window, oldest first, pruned on each request.
 */
export const requestWindows = pgTable(
  'request_windows',
  {
    /** Whose limit: the ledger (`QBO`). */
    service: text('service').notNull(),
    /** The account the limit is kept per (QuickBooks' realmId). */
    account: text('account').notNull(),
    sent: timestamp('sent', { withTimezone: true, mode: 'date' }).array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.service, t.account] })],
);
