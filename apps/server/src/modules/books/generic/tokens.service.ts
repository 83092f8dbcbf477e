import { and, desc, eq, isNull } from 'drizzle-orm';
import { TOKEN_EXPIRY_IN_PAST } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { integrationTokens } from '../../../db/schema/index.js';
import { randomToken, sha256 } from '../../../lib/crypto.js';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { type Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { findLiveTokenByHash, LAST_USE_RESOLUTION_MS, touchToken } from './tokens.queries.js';
import type { AppDeps } from '../../../app-deps.js';

type TokenRow = typeof integrationTokens.$inferSelect;
const TOKEN_PREFIX = 'herd_';

const toToken = (row: TokenRow, token?: string) => ({
  pk: row.pk,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  ...(token ? { token } : {}),
});

/** Tokens belong to GENERIC companies; managing them is client-company management. */
const genericCompany = async (db: Db, actor: Actor, companyPk: number) => {
  const firmActor = can.manageClientCompanies(actor);
  const company = (await companyAccess(db, firmActor, companyPk, 'accountant')).company;
  if (company.connectionKind !== 'GENERIC') throw ValidationError.detail('API tokens are for client companies on the generic ledger.');
  return { firmActor, company };
};

export const listTokens = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const { company } = await genericCompany(db, actor, companyPk);
  const rows = await db
    .select()
    .from(integrationTokens)
    .where(and(eq(integrationTokens.clientCompanyId, company.pk), isNull(integrationTokens.revokedAt)))
    .orderBy(desc(integrationTokens.pk));
  return rows.map((r) => toToken(r));
};

/**
 * Makes a token and shows it this once; only its hash is kept. A disconnected
 * company gets none: disconnecting revoked its tokens, and a new one would
 * let its ledger push again.
 */
export const createToken = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, ...input }: { companyPk: number; name: string; expires_at?: string | null | undefined },
) => {
  const { firmActor, company } = await genericCompany(db, actor, companyPk);
  if (company.connectionState === 'DISCONNECTED') throw ValidationError.detail('This client is disconnected, so it cannot have API tokens.');
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw ValidationError.field('expires_at', TOKEN_EXPIRY_IN_PAST);
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(integrationTokens)
      .values({ clientCompanyId: company.pk, tokenHash: sha256(token), prefix: token.slice(0, 12), name: input.name, createdBy: actor.userId, expiresAt })
      .returning();
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'integration_token.create',
      targetType: 'client_company',
      targetPk: company.pk,
      details: { name: input.name, expires_at: expiresAt?.toISOString() ?? null },
    });
    return created!;
  });
  return toToken(row, token);
};

export const revokeToken = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, tokenPk }: { companyPk: number; tokenPk: number }) => {
  const { firmActor, company } = await genericCompany(db, actor, companyPk);
  const rows = await db
    .update(integrationTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(integrationTokens.pk, tokenPk), eq(integrationTokens.clientCompanyId, company.pk), isNull(integrationTokens.revokedAt)))
    .returning({ pk: integrationTokens.pk });
  if (rows.length === 0) throw new NotFoundError();
  await writeAudit(db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'integration_token.revoke',
    targetType: 'client_company',
    targetPk: company.pk,
    details: { token: tokenPk },
  });
};

/**
 * The company a bearer token speaks for, or null for an unknown or revoked
 * one. An expired token is refused with its own message, so the other
 * system's operator knows to ask for a new one.
 */
export const companyOfToken = async (db: Db, token: string) => {
  const row = await findLiveTokenByHash(db, sha256(token));
  if (!row) return null;
  const now = new Date();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw new UnauthorizedError('This API token has expired.');
  // Cheap: the last use is written at most once a minute, not on every call.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) await touchToken(db, row.pk, now);
  return row.clientCompanyId;
};
