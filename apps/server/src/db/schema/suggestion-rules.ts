import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { ledgerAccounts } from './ledger.js';
import { ledgerRefs } from './refs.js';
import { users } from './users.js';

/**
 * An accountant's rule: a transaction whose payee, description or merchant contains `matchText`
 * is filed under a category. A company rule (client_company_id set) names the company's account
 * by pk and may name a vendor; a firm rule (no company) names the account by name and type, mapped
 * onto each company's chart as the firm's suggestions are. Rules outrank learned answers.
 */
export const suggestionRules = pgTable(
  'suggestion_rules',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    /** Lowercase; matched as a part of the payee, description or merchant. */
    matchText: text('match_text').notNull(),
    /** A company rule's account; an account gone from the chart takes its rules with it. */
    categoryId: integer('category_id').references(() => ledgerAccounts.pk, { onDelete: 'cascade' }),
    /** A firm rule's account, by name and type. */
    accountName: text('account_name'),
    accountType: text('account_type'),
    vendorId: integer('vendor_id').references(() => ledgerRefs.pk, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    /** The suggestion job answers matching open transactions itself (they wait for an accountant to publish unless auto_publish is on). */
    autoAnswer: boolean('auto_answer').notNull().default(false),
    /**
     * Its automatic answers are published at once, through the accountant's publish path. Only a
     * firm administrator turns it on, and only with auto_answer on; off unless someone chose it.
     */
    autoPublish: boolean('auto_publish').notNull().default(false),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    timesApplied: integer('times_applied').notNull().default(0),
    timesOverridden: integer('times_overridden').notNull().default(0),
    /** Why Herd paused it (overruled past the firm's share), with the numbers; null when not paused. */
    pausedReason: text('paused_reason'),
    /** Its overrulings before this count for no pause: set when a person turns a paused rule back on. */
    countedFrom: timestamp('counted_from', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggestion_rules_firm_idx').on(t.firmId, t.clientCompanyId)],
);
