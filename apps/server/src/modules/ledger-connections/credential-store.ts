import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerConnections } from '../../db/schema/index.js';
import type { CredentialStore } from '../ledger/credential-store.js';

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
  async save(companyPk, credentials) {
    await db
      .update(ledgerConnections)
      .set({ ...credentials, updatedAt: new Date() })
      .where(eq(ledgerConnections.clientCompanyId, companyPk));
  },
});

/** After a disconnect: Herd can no longer use the grant, whether or not the ledger heard of its revoking. */
export const forgetCredentials = (db: Db, companyPk: number) =>
  db
    .update(ledgerConnections)
    .set({ accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null, refreshExpiresAt: null, syncState: 'IDLE', updatedAt: new Date() })
    .where(eq(ledgerConnections.clientCompanyId, companyPk));
