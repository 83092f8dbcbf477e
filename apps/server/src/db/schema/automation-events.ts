import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AutomationAgent, AutomationOutcome } from '@herd/contract';
import { companyOwnedColumns } from './company-owned.js';
import { suggestionRules } from './suggestion-rules.js';
import { transactions } from './transactions.js';

/**
 * What Herd's automation did and how people took it, one row per act or overruling
 * (docs/review-checks.md, "Automation that reports on itself"): a rule's automatic answer, a suggestion
 * decided on, a receipt matched by itself, and each time a person chose otherwise. Dated, so the report
 * gives rates over 30 and 90 days, and a rule overruled too often is paused.
 */
export const automationEvents = pgTable(
  'automation_events',
  {
    ...companyOwnedColumns(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.pk, { onDelete: 'cascade' }),
    agent: text('agent').$type<AutomationAgent>().notNull(),
    /** The rule (agent RULE); its events go with it. */
    ruleId: integer('rule_id').references(() => suggestionRules.pk, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<AutomationOutcome>().notNull(),
    /** Who overruled it; null for an act. */
    bySide: text('by_side').$type<'accountant' | 'client'>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_events_firm_idx').on(t.firmId, t.agent, t.ruleId, t.at), index('automation_events_transaction_idx').on(t.transactionId)],
);
