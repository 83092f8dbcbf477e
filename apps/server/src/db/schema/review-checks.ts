import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReviewCheck } from '@herd/contract';
import { companyOwnedColumns } from './company-owned.js';
import { transactions } from './transactions.js';
import { users } from './users.js';

/**
 * What the review checks found (docs/review-checks.md): one row per transaction and check, so a run finds its
 * own earlier finding again. A dismissed one stays dismissed whatever later runs find; an open one whose
 * transaction no longer trips the check is removed by the next run.
 */
export const reviewFindings = pgTable(
  'review_findings',
  {
    ...companyOwnedColumns(),
    /** The transaction Herd holds; null for a finding on a transaction only the ledger holds. */
    transactionId: integer('transaction_id').references(() => transactions.pk, { onDelete: 'cascade' }),
    /** The ledger's id of a transaction Herd never held (`ledger_history.external_id`); null for Herd's own. */
    ledgerExternalId: text('ledger_external_id'),
    check: text('check').$type<ReviewCheck>().notNull(),
    state: text('state').$type<'OPEN' | 'DISMISSED' | 'ASKED'>().notNull().default('OPEN'),
    /** One sentence with the numbers, as of the run that last found it; and the same in the client's words. */
    reason: text('reason').notNull(),
    question: text('question').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedBy: integer('dismissed_by').references(() => users.pk, { onDelete: 'set null' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_findings_company_transaction_check_unique').on(t.clientCompanyId, t.transactionId, t.check),
    uniqueIndex('review_findings_company_ledger_check_unique')
      .on(t.clientCompanyId, t.ledgerExternalId, t.check)
      .where(sql`ledger_external_id is not null`),
    // Exactly one of the two names what the finding is about.
    check('review_findings_one_subject', sql`(transaction_id is null) <> (ledger_external_id is null)`),
    index('review_findings_company_state_idx').on(t.clientCompanyId, t.state, t.foundAt),
  ],
);
