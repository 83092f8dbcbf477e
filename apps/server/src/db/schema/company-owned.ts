import { integer } from 'drizzle-orm/pg-core';
import { clientCompanies } from './client-companies.js';
import { firms } from './firms.js';

/**
 * The first columns of a row that belongs to one client company of one firm: its own key, the firm
 * and the company (both required, gone with them). Every query of such a table names both.
 */
export const companyOwnedColumns = () => ({
  pk: integer('pk').primaryKey().generatedAlwaysAsIdentity(),
  firmId: integer('firm_id')
    .notNull()
    .references(() => firms.pk, { onDelete: 'cascade' }),
  clientCompanyId: integer('client_company_id')
    .notNull()
    .references(() => clientCompanies.pk, { onDelete: 'cascade' }),
});
