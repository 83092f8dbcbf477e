import type { ConnectionKind } from '@herd/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';

/** The ids of the sandbox companies (organisations) at a ledger that this firm's client companies are linked to. */
export const sandboxCompaniesLinkedBy = async (db: Db, firmId: number, kind: ConnectionKind): Promise<string[]> =>
  (
    await db
      .select({ id: ledgerConnections.externalCompanyId })
      .from(ledgerConnections)
      .innerJoin(clientCompanies, eq(clientCompanies.pk, ledgerConnections.clientCompanyId))
      .where(and(eq(clientCompanies.firmId, firmId), eq(ledgerConnections.provider, kind), eq(ledgerConnections.sandbox, true)))
  ).map((row) => row.id);
