import { index, integer, pgEnum, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { SUGGESTION_SOURCES } from '@herd/contract';
import { clientCompanies } from './client-companies.js';
import { ledgerAccounts } from './ledger.js';
import { ledgerRefs } from './refs.js';
import { suggestionRules } from './suggestion-rules.js';
import { transactions } from './transactions.js';

export const suggestionSourceEnum = pgEnum('suggestion_source', SUGGESTION_SOURCES);

/**
 * The categorization proposed for an open transaction, learned from answers
 * already given: written by the suggestion job, read by the lists. A
 * transaction has at most one; none when nothing was confident enough. Every
 * reference is the company's own (a suggestion from other clients of the firm
 * is mapped to this company's chart before it is stored).
 */
export const transactionSuggestions = pgTable(
  'transaction_suggestions',
  {
    transactionId: integer('transaction_id')
      .primaryKey()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    /** An account gone from the chart takes its suggestions with it. */
    categoryId: integer('category_id')
      .notNull()
      .references(() => ledgerAccounts.pk, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    source: suggestionSourceEnum('source').notNull(),
    /** The accountant's rule it came from (source RULE). */
    ruleId: integer('rule_id').references(() => suggestionRules.pk, { onDelete: 'cascade' }),
    /** 0–1; nothing below SUGGESTION_THRESHOLD is stored. */
    confidence: real('confidence').notNull(),
    /** Why, in words people read: "You chose Software for Adobe 4 times, last on Sep 18". */
    why: text('why').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transaction_suggestions_company_idx').on(t.clientCompanyId)],
);
