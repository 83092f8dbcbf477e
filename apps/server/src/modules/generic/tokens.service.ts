import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrationTokens } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { writeAudit } from '../audit/audit.queries.js';
import { type Actor } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { companyAccess } from '../access/company-access.js';

type TokenRow = typeof integrationTokens.$inferSelect;
const TOKEN_PREFIX = 'herd_';

const toToken = (row: TokenRow, token?: string) => ({
  pk: row.pk,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  ...(token ? { token } : {}),
});

/** Tokens belong to GENERIC companies; managing them is client-company management. */
const genericCompany = async (db: Db, actor: Actor, companyPk: number) => {
  const firmActor = can.manageClientCompanies(actor);
  const company = (await companyAccess(db, firmActor, companyPk, 'accountant')).company;
  if (company.connectionKind !== 'GENERIC') throw ValidationError.detail('API tokens are for client companies on the generic ledger.');
  return { firmActor, company };
};

export const listTokens = async (db: Db, actor: Actor, companyPk: number) => {
  const { company } = await genericCompany(db, actor, companyPk);
  const rows = await db
    .select()
    .from(integrationTokens)
    .where(and(eq(integrationTokens.clientCompanyId, company.pk), isNull(integrationTokens.revokedAt)))
    .orderBy(desc(integrationTokens.pk));
  return rows.map((r) => toToken(r));
};

/** Makes a token and shows it this once; only its hash is kept. */
export const createToken = async (db: Db, actor: Actor, companyPk: number, name: string) => {
  const { firmActor, company } = await genericCompany(db, actor, companyPk);
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const [row] = await db
    .insert(integrationTokens)
    .values({ clientCompanyId: company.pk, tokenHash: sha256(token), prefix: token.slice(0, 12), name, createdBy: actor.userId })
    .returning();
  await writeAudit(db, {
    firmId: firmActor.firmId,
    actorUserId: actor.userId,
    action: 'integration_token.create',
    targetType: 'client_company',
    targetPk: company.pk,
    details: { name },
  });
  return toToken(row!, token);
};

export const revokeToken = async (db: Db, actor: Actor, companyPk: number, tokenPk: number) => {
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

/** The company a bearer token speaks for, or null for an unknown or revoked token. */
export const companyOfToken = async (db: Db, token: string) => {
  const [row] = await db
    .select()
    .from(integrationTokens)
    .where(and(eq(integrationTokens.tokenHash, sha256(token)), isNull(integrationTokens.revokedAt)));
  if (!row) return null;
  await db.update(integrationTokens).set({ lastUsedAt: new Date() }).where(eq(integrationTokens.pk, row.pk));
  return row.clientCompanyId;
};
