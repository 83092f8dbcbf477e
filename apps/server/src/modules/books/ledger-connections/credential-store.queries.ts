import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ledgerConnections } from '../../../db/schema/index.js';
import type { CredentialStore } from '../ledger/ledger.face.js';

/**
 * The credential store every adapter is handed: a company's credentials live on its
 * `ledger_connections` row, sealed. Reads are fresh each time, since another worker may have
 * rotated the tokens; a save lands only on the row of the same company at the same ledger company.
 */
export const connectionCredentials = (db: Db): CredentialStore => ({
  async read(companyPk) {
    const [row] = await db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    if (!row) return null;
    const { accessTokenEnc, refreshTokenEnc, accessExpiresAt, refreshExpiresAt } = row;
    const complete = accessTokenEnc && refreshTokenEnc && accessExpiresAt && refreshExpiresAt;
    return {
      provider: row.provider,
      externalCompanyId: row.externalCompanyId,
      credentials: complete ? { accessTokenEnc, refreshTokenEnc, accessExpiresAt, refreshExpiresAt } : null,
    };
  },
  // One consent can hold several of the ledger's companies (Xero's organisations), linked to several Herd
  // companies with the very same sealed tokens: a rotated refresh token goes to every one of them, since
  // the old one no longer works for any.
  async save(companyPk, credentials) {
    const [own] = await db
      .select({ refreshTokenEnc: ledgerConnections.refreshTokenEnc, provider: ledgerConnections.provider })
      .from(ledgerConnections)
      .where(eq(ledgerConnections.clientCompanyId, companyPk));
    if (!own) return;
    const sameGrant = own.refreshTokenEnc ? and(eq(ledgerConnections.provider, own.provider), eq(ledgerConnections.refreshTokenEnc, own.refreshTokenEnc)) : undefined;
    await db
      .update(ledgerConnections)
      .set({ ...credentials, updatedAt: new Date() })
      .where(or(eq(ledgerConnections.clientCompanyId, companyPk), sameGrant));
  },
});

/** After a disconnect: Herd can no longer use the grant, whether or not the ledger heard of its revoking. */
export const forgetCredentials = (db: Db, companyPk: number) =>
  db
    .update(ledgerConnections)
    .set({ accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null, refreshExpiresAt: null, syncState: 'IDLE', updatedAt: new Date() })
    .where(eq(ledgerConnections.clientCompanyId, companyPk));
