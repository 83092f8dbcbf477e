import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, transactions } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { visibleCompaniesWhere } from '../client-companies/client-companies.queries.js';

/**
 * Open work per client company the user can see, in one grouped query: what
 * waits for the client, what waits for the accountant, and what the ledger
 * refused. Companies with nothing open are left out.
 */
export const countsPerCompany = async (db: Db, actor: Actor) => {
  const firmActor = can.workOnClients(actor);
  const rows = await db
    .select({
      client_company: transactions.clientCompanyId,
      waiting_for_client: sql<number>`count(*) filter (where ${transactions.status} = 'READY')`.mapWith(Number),
      to_review: sql<number>`count(*) filter (where ${transactions.status} = 'FINISHED_IN_HERD')`.mapWith(Number),
      sync_errors: sql<number>`count(*) filter (where ${transactions.status} = 'SYNC_ERROR')`.mapWith(Number),
    })
    .from(transactions)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactions.clientCompanyId))
    .where(and(visibleCompaniesWhere(firmActor), eq(transactions.isHidden, false), sql`${transactions.status} in ('READY','FINISHED_IN_HERD','SYNC_ERROR')`))
    .groupBy(transactions.clientCompanyId);
  return rows;
};
