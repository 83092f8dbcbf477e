import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { users } from './users.js';

/**
 * A client company's chart of accounts as its ledger has it (or as imported,
 * for CSV and generic ledgers). `is_payment_account`: a bank or card account
 * transactions are paid from; `is_watched`: a herd account (Uncategorized,
 * Ask My Accountant, …) whose transactions Herd asks the client about.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    accountType: text('account_type').notNull().default(''),
    accountSubtype: text('account_subtype'),
    isPaymentAccount: boolean('is_payment_account').notNull().default(false),
    isWatched: boolean('is_watched').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The ledger's id of the account this one is a sub-account of; null at the top of the chart. */
    parentExternalId: text('parent_external_id'),
    raw: jsonb('raw').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_company_external_unique').on(t.clientCompanyId, t.externalId),
    index('ledger_accounts_company_name_idx').on(t.clientCompanyId, t.name),
  ],
);

export const restrictionKindEnum = pgEnum('restriction_kind', ['PAYMENT_ACCOUNT', 'WATCHED_ACCOUNT']);

/** Limits one client user of one company to some of its payment or watched accounts. */
export const userAccountRestrictions = pgTable(
  'user_account_restrictions',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.pk, { onDelete: 'cascade' }),
    kind: restrictionKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('restrictions_unique').on(t.clientCompanyId, t.userId, t.accountId, t.kind),
    index('restrictions_user_company_idx').on(t.userId, t.clientCompanyId),
  ],
);
