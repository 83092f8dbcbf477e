import type { SealedCredentials } from '../../modules/books/ledger/credential-store.port.js';
import { sealTokens } from '../oauth2-session.js';
import type { TokenSet } from '../oauth2-tokens.js';
import type { XeroContext } from './xero-context.js';
import type { XeroUser } from './xero-oauth.js';

/** What one consent at Xero gave Herd: the token set its organisations share, the organisations, and who consented. */
export interface XeroConsent {
  tokens: TokenSet;
  credentials: SealedCredentials;
  organisations: { externalCompanyId: string; name: string }[];
  person: XeroUser | null;
}

/**
 * The consent an access token stands for: Xero's access tokens are JWTs whose claims name it
 * (`authentication_event_id`), so `/connections` can be asked for that consent's organisations
 * only. The token came straight from Xero's token endpoint, so its claims are read, not verified.
 */
export const authEventOf = (accessToken: string): string | undefined => {
  const payload = accessToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { authentication_event_id?: unknown };
    return typeof claims.authentication_event_id === 'string' ? claims.authentication_event_id : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Trades the callback's code for tokens, then asks Xero which organisations this consent holds
 * and, when the person was asked for (`openid`), who they are.
 */
export const xeroConsentFromCode = async (xero: XeroContext, code: string, scope: string | undefined): Promise<XeroConsent> => {
  const tokens = await xero.oauth.exchangeCode(code, xero.redirectUri);
  const asksPerson = (scope ?? 'openid').split(/\s+/).includes('openid');
  const person = asksPerson ? await xero.oauth.userinfo(tokens.accessToken) : null;
  // Without offline access (a sign-in) the consent holds no organisation.
  const connections = tokens.refreshToken !== '' ? await xero.oauth.connections(tokens.accessToken, authEventOf(tokens.accessToken)) : [];
  return {
    tokens,
    credentials: sealTokens(xero.box, tokens),
    organisations: connections.map((c) => ({ externalCompanyId: c.tenantId, name: c.tenantName || `Xero organisation ${c.tenantId}` })),
    person,
  };
};

/** Gives Xero back the organisations of a consent the accountant chose not to connect: each connection is deleted. */
export const releaseXeroOrganisations = async (xero: XeroContext, credentials: SealedCredentials, tenantIds: string[]): Promise<void> => {
  // A token past its life is not refreshed for this: refreshing would rotate the token the placed organisations share.
  if (credentials.accessExpiresAt.getTime() <= Date.now()) return;
  const token = xero.box.open(credentials.accessTokenEnc);
  for (const connection of await xero.oauth.connections(token)) {
    if (tenantIds.includes(connection.tenantId)) await xero.oauth.disconnect(token, connection.id);
  }
};
