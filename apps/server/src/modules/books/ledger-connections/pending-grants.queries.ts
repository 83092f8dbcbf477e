import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerConnections, pendingGrants } from '../../../db/schema/index.js';
import { visibleCompaniesWhere } from '../../../kernel/visible-companies.js';
import type { FirmActor } from '../../../kernel/permissions.js';

export const insertPendingGrant = (db: Db, values: typeof pendingGrants.$inferInsert) => db.insert(pendingGrants).values(values);

/** The person's own pending grant, while it lasts: nobody else, not even a coworker, places it. */
export const findPendingGrant = async (db: Db, actor: FirmActor, token: string, now = new Date()) => {
  const [row] = await db
    .select()
    .from(pendingGrants)
    .where(and(eq(pendingGrants.token, token), eq(pendingGrants.firmId, actor.firmId), eq(pendingGrants.userId, actor.userId), gt(pendingGrants.expiresAt, now)));
  return row ?? null;
};

export const deletePendingGrant = (db: Db, pk: number) => db.delete(pendingGrants).where(eq(pendingGrants.pk, pk));

export const deleteExpiredPendingGrants = (db: Db, now = new Date()) => db.delete(pendingGrants).where(lt(pendingGrants.expiresAt, now));

/** The firm's companies the person sees, with the ledger company each is or was linked to (if any): what an organisation may be linked to. */
export const companiesForPlacing = (db: Db, actor: FirmActor) =>
  db
    .select({
      pk: clientCompanies.pk,
      name: clientCompanies.name,
      connectionKind: clientCompanies.connectionKind,
      provider: ledgerConnections.provider,
      externalCompanyId: ledgerConnections.externalCompanyId,
      /** Whether the link holds credentials: a disconnected company keeps its row (which company it was) without them. */
      live: sql<boolean>`${ledgerConnections.accessTokenEnc} is not null`,
    })
    .from(clientCompanies)
    .leftJoin(ledgerConnections, eq(ledgerConnections.clientCompanyId, clientCompanies.pk))
    .where(visibleCompaniesWhere(actor))
    .orderBy(sql`lower(${clientCompanies.name})`, clientCompanies.pk);
