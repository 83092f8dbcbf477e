import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { clientCompanies } from '../../db/schema/index.js';
import { sealTokens } from '../../integrations/qbo/qbo-session.js';
import type { TokenSet } from '../../integrations/qbo/qbo-oauth.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { assertWritable } from '../auth/actor.js';
import { can } from '../auth/permissions.js';
import { writeAudit } from '../audit/audit.queries.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { insertCompany } from '../client-companies/client-companies.queries.js';
import { queuePull } from '../transactions/ledger-sync.js';
import { createState, type ConnectState } from './oauth-state.js';
import { connectionOfCompany, forgetTokens, saveConnection } from './quickbooks.queries.js';

export const CALLBACK_PATH = '/quickbooks/oauth2/';
export const SIGNUP_CALLBACK_PATH = '/quickbooks/oauth2/signup/';

/** Links a company to its realm with the tokens sealed; anything but production is a sandbox. */
export const saveQboConnection = (db: Db, deps: AppDeps, input: { companyPk: number; realmId: string; userId: number; tokens: TokenSet }) =>
  saveConnection(db, {
    clientCompanyId: input.companyPk,
    provider: 'QBO',
    externalCompanyId: input.realmId,
    sandbox: deps.qbo.settings.mode !== 'production',
    connectedBy: input.userId,
    ...sealTokens(deps.qbo.box, input.tokens),
  });

export const redirectUri = (deps: AppDeps, path: string) => `${deps.config.appUrl}/api/v1${path}`;

/**
 * Starts connecting QuickBooks: a new client company (no `companyPk`), an
 * existing one switching to QuickBooks, or reconnecting one whose tokens
 * were refused (`reauth`). Returns where to send the browser.
 */
export const startConnect = async (deps: AppDeps, actor: Actor, input: { companyPk: number | null; purpose: 'connect' | 'reauth' }) => {
  const firmActor = can.manageClientCompanies(actor);
  assertWritable(actor);
  if (input.companyPk !== null) await getVisibleCompany(deps.db, firmActor, input.companyPk);
  if (input.purpose === 'reauth' && input.companyPk === null) throw ValidationError.field('client_company', 'Client company is required.');
  const { state, nonce } = createState(deps.config.secretKey, { purpose: input.purpose, userId: actor.userId, companyPk: input.companyPk });
  return { url: deps.qbo.oauth.authorizeUrl({ state, redirectUri: redirectUri(deps, CALLBACK_PATH), openid: false }), nonce };
};

/** The company's name as QuickBooks has it, for a company Herd creates on connecting. */
export const readCompanyName = async (deps: AppDeps, tokens: TokenSet, realmId: string): Promise<string> => {
  const response = await fetch(`${deps.qbo.endpoints.apiBase}/v3/company/${encodeURIComponent(realmId)}/companyinfo/${encodeURIComponent(realmId)}?minorversion=75`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' },
  });
  if (!response.ok) return `QuickBooks company ${realmId}`;
  const body = (await response.json()) as { CompanyInfo?: { CompanyName?: string } };
  return body.CompanyInfo?.CompanyName || `QuickBooks company ${realmId}`;
};

/**
 * The callback: exchanges the code, keeps the realm and the encrypted
 * tokens, creates or links the client company, and queues its first pull.
 * Returns the company's pk.
 */
export const finishConnect = async (deps: AppDeps, actor: Actor, state: ConnectState, input: { code: string; realmId: string }): Promise<number> => {
  const firmActor = can.manageClientCompanies(actor);
  if (state.userId !== actor.userId) throw new ConflictError('This QuickBooks connection was started by someone else. Start it again.');
  const existing = state.companyPk === null ? null : await getVisibleCompany(deps.db, firmActor, state.companyPk);
  if (state.purpose === 'reauth' && existing) {
    const connection = await connectionOfCompany(deps.db, existing.pk);
    if (connection && connection.externalCompanyId !== input.realmId) {
      throw new ConflictError('You signed in to a different QuickBooks company than the one this client is connected to. Choose the same company to reconnect.');
    }
  }
  const tokens = await deps.qbo.oauth.exchangeCode(input.code, redirectUri(deps, CALLBACK_PATH));
  const name = existing ? existing.name : await readCompanyName(deps, tokens, input.realmId);
  const companyPk = await deps.db.transaction(async (tx) => {
    const company = existing ?? (await insertCompany(tx, { firmId: firmActor.firmId, name, connectionKind: 'QBO' }));
    await tx.update(clientCompanies).set({ connectionKind: 'QBO', connectionState: 'CONNECTED', updatedAt: new Date() }).where(eq(clientCompanies.pk, company.pk));
    await saveQboConnection(tx, deps, { companyPk: company.pk, realmId: input.realmId, userId: actor.userId, tokens });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: state.purpose === 'reauth' ? 'client_company.reauth' : 'client_company.connect',
      targetType: 'client_company',
      targetPk: company.pk,
      details: { provider: 'QBO', realm_id: input.realmId, sandbox: deps.qbo.settings.mode !== 'production' },
    });
    return company.pk;
  });
  await queuePull(deps, companyPk, state.purpose === 'reauth' ? 'INCREMENTAL' : 'FULL');
  return companyPk;
};

/**
 * After a disconnect: revokes the company's grant at Intuit and forgets the
 * tokens. The disconnect stands even if Intuit cannot be reached; the
 * tokens are forgotten either way, so Herd can no longer use them.
 */
export const revokeLedgerAccess = async (deps: AppDeps, companyPk: number, log: FastifyBaseLogger) => {
  const connection = await connectionOfCompany(deps.db, companyPk);
  if (!connection?.refreshTokenEnc) return;
  try {
    // Revoking the refresh token ends the whole grant.
    await deps.qbo.oauth.revoke(deps.qbo.box.open(connection.refreshTokenEnc));
  } catch (err) {
    log.warn({ err, companyPk }, 'revoking QuickBooks tokens failed; forgetting them anyway');
  }
  await forgetTokens(deps.db, companyPk);
};
