import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';
import { users } from './users.js';

/** Uploaded files: the bytes live in the storage driver under a random key. */
export const files = pgTable(
  'files',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.pk, { onDelete: 'cascade' }),
    /** Set for a client's files (receipts, attachments): only that company's people may see them. */
    clientCompanyId: integer('client_company_id').references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by').references(() => users.pk, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_firm_idx').on(t.firmId), index('files_company_idx').on(t.clientCompanyId), index('files_company_sha256_idx').on(t.clientCompanyId, t.sha256)],
);
