import { boolean, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyOwnedColumns } from './company-owned.js';
import { ledgerAccounts } from './ledger.js';
import { ledgerRefs } from './refs.js';

/**
 * Categorization history the company's own books hold: each line of a ledger transaction that was
 * already categorized there (on an income or expense account, none of its lines on a watched
 * account), read by the ledger pull. Herd never shows these as transactions; the suggestion job
 * counts them as the company's own answers. One row per line, replaced whenever the pull reads the
 * transaction again (by its external id) and removed when the ledger deletes it or Herd comes to
 * hold it as a transaction of its own.
 */
export const ledgerHistory = pgTable(
  'ledger_history',
  {
    ...companyOwnedColumns(),
    /** The ledger's entity and id, as Herd's transactions spell it (`Purchase:145`). */
    externalId: text('external_id').notNull(),
    /** The line's place among the transaction's categorized lines, from 0. */
    lineNumber: smallint('line_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    payee: text('payee').notNull().default(''),
    description: text('description').notNull().default(''),
    /** `normalizeMerchant`'s key of the payee or description; lines whose text names nobody are not kept. */
    merchantKey: text('merchant_key').notNull(),
    /** Money received (a deposit or sales receipt), as Herd's DEPOSIT type; else money spent. */
    deposit: boolean('deposit').notNull(),
    /** The line's amount (null for lines pulled before amounts were kept, until the next full pull). */
    amount: numeric('amount', { precision: 14, scale: 2 }),
    /** An account gone from the chart takes its history with it. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => ledgerAccounts.pk, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_history_company_external_line_unique').on(t.clientCompanyId, t.externalId, t.lineNumber),
    // The suggestion job reads one company's history of some merchants.
    index('ledger_history_company_merchant_idx').on(t.clientCompanyId, t.merchantKey, t.deposit, t.date),
  ],
);
