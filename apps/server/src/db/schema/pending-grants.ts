import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

/** One organisation a consent granted, as the ledger named it. */
export interface PendingGrantCompany {
  externalCompanyId: string;
  name: string;
}

/**
 * A ledger consent that granted several companies at once (Xero lets the person tick several
 * organisations), kept while the accountant places each one: a new client company, or linked to
 * one the firm has. The tokens are sealed as a connection's are; the row lives for 30 minutes and
 * is deleted once placed. `token` is the random id the select-client page is opened with.
 */
export const pendingGrants = pgTable(
  'pending_grants',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    token: text('token').notNull().unique(),
    provider: text('provider').notNull(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    sandbox: boolean('sandbox').notNull().default(false),
    companies: jsonb('companies').$type<PendingGrantCompany[]>().notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_grants_expires_idx').on(t.expiresAt)],
);

/**
 * Who a person is at a ledger's identity service (Xero's user id), kept when they connect or sign
 * up with that ledger, so "Sign in with Xero" finds them again by that id rather than by an email
 * that may have changed on either side.
 */
export const ledgerIdentities = pgTable(
  'ledger_identities',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pk, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_identities_subject_unique').on(t.provider, t.subject), index('ledger_identities_user_idx').on(t.userId)],
);
