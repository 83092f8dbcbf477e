import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientCompanies, transactionCounts } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { visibleCompaniesWhere } from '../client-companies/client-companies.queries.js';

/**
 * Open work per client company the user can see, in one grouped query over
 * the counts the triggers keep (a few rows per company, not its
 * transactions): what waits for the client, what waits for the accountant,
 * and what the ledger refused. Companies with nothing open are left out.
 */
export const countsPerCompany = async (db: Db, actor: Actor) => {
  const firmActor = can.workOnClients(actor);
  const rows = await db
    .select({
      client_company: transactionCounts.clientCompanyId,
      waiting_for_client: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'READY'), 0)`.mapWith(Number),
      to_review: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'FINISHED_IN_HERD'), 0)`.mapWith(Number),
      sync_errors: sql<number>`coalesce(sum(${transactionCounts.n}) filter (where ${transactionCounts.status} = 'SYNC_ERROR'), 0)`.mapWith(Number),
    })
    .from(transactionCounts)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactionCounts.clientCompanyId))
    .where(
      and(
        visibleCompaniesWhere(firmActor),
        eq(transactionCounts.isHidden, false),
        sql`${transactionCounts.status} in ('READY','FINISHED_IN_HERD','SYNC_ERROR')`,
        // A count that went back to zero keeps its row; such a company has nothing open.
        sql`${transactionCounts.n} > 0`,
      ),
    )
    .groupBy(transactionCounts.clientCompanyId);
  return rows;
};
