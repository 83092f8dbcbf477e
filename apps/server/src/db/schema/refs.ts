import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { REF_KINDS } from '@herd/contract';
import { clientCompanies } from './client-companies.js';

export const refKindEnum = pgEnum('ref_kind', REF_KINDS);

/**
 * A client company's reference lists other than accounts: vendors, customers,
 * classes, locations, taxes, items, payment methods, tracking categories and
 * their options. One keyed table: they share their shape, and the ledgers
 * sync them the same way (external id + name + active).
 */
export const ledgerRefs = pgTable(
  'ledger_refs',
  {
    pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
    kind: refKindEnum('kind').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** A tracking option's category. */
    parentId: integer('parent_id').references((): AnyPgColumn => ledgerRefs.pk, { onDelete: 'cascade' }),
    /** For taxes: the rate in percent, as a decimal string. */
    rate: text('rate'),
    active: boolean('active').notNull().default(true),
    raw: jsonb('raw').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_refs_company_kind_external_unique').on(t.clientCompanyId, t.kind, t.externalId),
    index('ledger_refs_company_kind_name_idx').on(t.clientCompanyId, t.kind, t.name),
  ],
);
