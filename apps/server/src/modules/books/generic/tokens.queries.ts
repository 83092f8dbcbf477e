import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, integrationTokens } from '../../../db/schema/index.js';

// A token belongs to a client company: by company, the query names the firm of it too; by hash, the hash is the credential.

/** How stale the recorded last use may get before a call writes it again. */
export const LAST_USE_RESOLUTION_MS = 60_000;

export const findLiveTokenByHash = async (db: Db, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(integrationTokens)
    .where(and(eq(integrationTokens.tokenHash, tokenHash), isNull(integrationTokens.revokedAt)));
  return row ?? null;
};

/** Records a use, unless one was recorded within the resolution (the condition also settles two calls racing). */
export const touchToken = (db: Db, pk: number, now: Date) =>
  db
    .update(integrationTokens)
    .set({ lastUsedAt: now })
    .where(
      and(eq(integrationTokens.pk, pk), or(isNull(integrationTokens.lastUsedAt), lt(integrationTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS)))),
    );

/** Revokes every live token of these companies of the firm: a disconnected company's ledger may push nothing more. */
export const revokeTokensOf = (db: Db, firmId: number, companyPks: number[]) =>
  companyPks.length === 0
    ? Promise.resolve()
    : db
        .update(integrationTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            inArray(integrationTokens.clientCompanyId, companyPks),
            inArray(integrationTokens.clientCompanyId, sql`(select ${clientCompanies.pk} from ${clientCompanies} where ${clientCompanies.firmId} = ${firmId})`),
            isNull(integrationTokens.revokedAt),
          ),
        );
