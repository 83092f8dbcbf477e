import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerConnections } from '../../../db/schema/index.js';

/** Every Herd company linked to one company at a ledger (a webhook names the ledger's id only). */
export const connectionsOfExternalCompany = (db: Db, provider: string, externalCompanyId: string) =>
  db
    .select()
    .from(ledgerConnections)
    .where(and(eq(ledgerConnections.provider, provider), eq(ledgerConnections.externalCompanyId, externalCompanyId)));

export const connectionOfCompany = async (db: Db, companyPk: number) => {
  const [row] = await db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
  return row ?? null;
};

/** Links a company to a company at a ledger with fresh credentials; a new link starts with a full pull. */
export const saveConnection = async (db: Db, values: typeof ledgerConnections.$inferInsert) => {
  const [row] = await db
    .insert(ledgerConnections)
    .values(values)
    .onConflictDoUpdate({
      target: ledgerConnections.clientCompanyId,
      set: {
        provider: values.provider,
        externalCompanyId: values.externalCompanyId,
        sandbox: values.sandbox ?? false,
        accessTokenEnc: values.accessTokenEnc,
        refreshTokenEnc: values.refreshTokenEnc,
        accessExpiresAt: values.accessExpiresAt,
        refreshExpiresAt: values.refreshExpiresAt,
        connectedBy: values.connectedBy,
        lastSyncError: null,
        syncState: 'IDLE',
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
};
