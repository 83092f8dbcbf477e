import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, webConnectorLogins } from '../../../db/schema/index.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';

/** The QuickBooks Desktop companies the person sees (all, or one), each with its Web Connector login. */
export const listQbdCompanies = (db: Db, actor: FirmActor, companyPk: number | undefined) =>
  db
    .select({ company: { pk: clientCompanies.pk, name: clientCompanies.name }, login: webConnectorLogins })
    .from(clientCompanies)
    .innerJoin(webConnectorLogins, eq(webConnectorLogins.clientCompanyId, clientCompanies.pk))
    .where(and(visibleCompaniesWhere(actor), eq(clientCompanies.connectionKind, 'QBD'), companyPk === undefined ? undefined : eq(clientCompanies.pk, companyPk)))
    .orderBy(sql`lower(${clientCompanies.name})`, clientCompanies.pk);
