import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, webConnectorLogins, webConnectorRuns } from '../../../db/schema/index.js';

/**
 * When a QuickBooks Desktop company's Web Connector should come next: an interval (the .qwc file's
 * RunEveryNMinutes, kept on the login) after its last run started; unknown before its first run.
 * The one definition the set-up card, the clients list and the transactions' "waiting" rows all show,
 * so no screen names another schedule (the ledger sync sweep's does not apply to a ledger that calls Herd).
 */
export const nextRunExpectedAt = (lastRunStartedAt: Date | null, runEveryMinutes: number): Date | null =>
  lastRunStartedAt ? new Date(lastRunStartedAt.getTime() + runEveryMinutes * 60_000) : null;

/** The next expected run of each of the firm's QuickBooks Desktop companies among `companyPks` (absent: not one). */
export const nextConnectorRuns = async (db: Db, firmId: number, companyPks: number[]): Promise<Map<number, Date | null>> => {
  if (companyPks.length === 0) return new Map();
  const rows = await db
    .select({
      companyPk: webConnectorLogins.clientCompanyId,
      runEveryMinutes: webConnectorLogins.runEveryMinutes,
      lastStartedAt: sql<
        string | Date | null
      >`(select max(${webConnectorRuns.startedAt}) from ${webConnectorRuns} where ${webConnectorRuns.clientCompanyId} = ${webConnectorLogins.clientCompanyId})`,
    })
    .from(webConnectorLogins)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, webConnectorLogins.clientCompanyId))
    .where(and(eq(clientCompanies.firmId, firmId), inArray(webConnectorLogins.clientCompanyId, companyPks)));
  return new Map(rows.map((row) => [row.companyPk, nextRunExpectedAt(row.lastStartedAt === null ? null : new Date(row.lastStartedAt), row.runEveryMinutes)]));
};
