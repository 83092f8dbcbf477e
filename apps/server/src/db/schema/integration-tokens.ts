import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { users } from './users.js';

/** API tokens with which another system pushes a generic ledger's data; stored as SHA-256. */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters, so a person can tell tokens apart. */
    prefix: text('prefix').notNull(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute, so a busy integration does not write a row on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: the token does not expire. Past it the token answers 401. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('integration_tokens_company_idx').on(t.clientCompanyId)],
);
