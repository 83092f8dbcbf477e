import type { LedgerGrant } from '../../modules/books/ledger/credential-store.port.js';
import type { DisconnectOutcome, LedgerCompany, LedgerCompanyInfo } from '../../modules/books/ledger/ledger-adapter.port.js';
import { classifyCommonLedgerError, type LedgerErrorKind } from '../../modules/books/ledger/ledger-errors.port.js';
import { MINOR_VERSION } from './qbo-api.js';
import type { QboContext } from './qbo-context.js';
import { QboFault } from './qbo-faults.js';
import { parseJson, qboRequest } from './qbo-http.js';
import { OAuthError } from './qbo-oauth.js';
import { sealTokens } from './qbo-session.js';

/**
 * Granting, naming and ending QuickBooks connections: the LedgerAdapter's
 * connection half for QuickBooks Online. The OAuth callback itself is
 * QuickBooks' own HTTP (http/qbo-oauth.routes.ts).
 */

/** Intuit's consent page; the same page reconnects a company (Intuit asks which company to grant). */
export const qboAuthorizationUrl = (qbo: QboContext, state: string, signup: boolean) =>
  qbo.oauth.authorizeUrl({ state, redirectUri: qbo.redirectUri(signup), openid: signup });

/**
 * Intuit's callback code becomes a grant on `realmId`; anything but
 * production is a sandbox. The access token in clear is for asking Intuit
 * who signed in (sign-up) before anything is stored.
 */
export const qboGrantFromCode = async (
  qbo: QboContext,
  input: { code: string; realmId: string; signup: boolean },
): Promise<{ grant: LedgerGrant; accessToken: string }> => {
  const tokens = await qbo.oauth.exchangeCode(input.code, qbo.redirectUri(input.signup));
  return {
    grant: { externalCompanyId: input.realmId, sandbox: qbo.settings.mode !== 'production', credentials: sealTokens(qbo.box, tokens) },
    accessToken: tokens.accessToken,
  };
};

/** The company's name as QuickBooks has it; a placeholder when QuickBooks will not say. */
export const qboCompanyInfo = async (qbo: QboContext, grant: LedgerGrant): Promise<LedgerCompanyInfo> => {
  const realm = encodeURIComponent(grant.externalCompanyId);
  const response = await qboRequest(
    `${qbo.endpoints.apiBase}/v3/company/${realm}/companyinfo/${realm}?minorversion=${MINOR_VERSION}`,
    { headers: { Authorization: `Bearer ${qbo.box.open(grant.credentials.accessTokenEnc)}`, Accept: 'application/json' } },
    qbo.timeoutMs,
    qbo.readRetry,
  );
  const fallback = `QuickBooks company ${grant.externalCompanyId}`;
  if (!response.ok) return { name: fallback };
  const body = parseJson(response.text) as { CompanyInfo?: { CompanyName?: string } } | null;
  return { name: body?.CompanyInfo?.CompanyName || fallback };
};

/**
 * Revokes the company's grant at Intuit (revoking the refresh token ends the whole grant). The
 * module forgets the credentials whatever Intuit answers, so the disconnect stands.
 */
export const qboRevoke = async (qbo: QboContext, company: LedgerCompany): Promise<DisconnectOutcome> => {
  const grant = await qbo.services.credentials.read(company.pk);
  if (!grant?.credentials) return { kind: 'nothing-to-revoke' };
  try {
    await qbo.oauth.revoke(qbo.box.open(grant.credentials.refreshTokenEnc));
    return { kind: 'revoked' };
  } catch (error) {
    return { kind: 'revoke-failed', error };
  }
};

export const classifyQboError = (err: unknown): LedgerErrorKind => {
  if (err instanceof OAuthError) return err.grantIsGone ? 'needs-reauth' : err.status >= 500 ? 'unreachable' : 'refused';
  if (err instanceof QboFault) return err.kind === 'auth' ? 'needs-reauth' : err.kind === 'throttled' || err.kind === 'system' ? 'unreachable' : 'refused';
  return classifyCommonLedgerError(err);
};
