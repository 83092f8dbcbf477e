import { basicAuth, jsonObject, ledgerRequest, OAuthError, oauthRetries, parseJson, requestTokens, type TokenSet } from '../oauth2-tokens.js';
import type { XeroEndpoints, XeroSettings } from './xero-settings.js';

/**
 * What Herd asks Xero for: a refresh token (`offline_access`), who signed in (OpenID), and the
 * accounting data it reads and writes, in Xero's granular scopes (apps made since March 2026 cannot
 * ask for the broad `accounting.transactions`).
 */
export const XERO_SCOPES = [
  'offline_access',
  'openid',
  'profile',
  'email',
  'accounting.settings',
  'accounting.contacts',
  'accounting.attachments',
  'accounting.banktransactions',
  'accounting.invoices',
  'accounting.manualjournals',
].join(' ');

/** What "Sign in with Xero" asks for: who the person is, and nothing of their organisations. */
export const XERO_SIGNIN_SCOPES = 'openid profile email';

/** One organisation a grant holds (Xero's tenant). */
export interface XeroConnection {
  id: string;
  authEventId: string;
  tenantId: string;
  tenantName: string;
}

export interface XeroUser {
  /** Xero's user id, kept so a later "Sign in with Xero" finds the same person. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface XeroOAuth {
  /** `scopes` defaults to everything Herd works with; "Sign in with Xero" asks for the person only. */
  authorizeUrl(input: { state: string; redirectUri: string; scopes?: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(refreshToken: string): Promise<void>;
  connections(accessToken: string, authEventId?: string): Promise<XeroConnection[]>;
  disconnect(accessToken: string, connectionId: string): Promise<void>;
  userinfo(accessToken: string): Promise<XeroUser>;
}

export interface XeroOAuthOptions {
  timeoutMs: number;
  retryBaseMs?: number | undefined;
  now?: () => Date;
}

/** Xero's refresh tokens expire after 60 days unused. */
const REFRESH_LIFETIME_SECONDS = 60 * 24 * 60 * 60;

export const xeroOAuth = (settings: XeroSettings, endpoints: XeroEndpoints, options: XeroOAuthOptions): XeroOAuth => {
  const client = {
    ledger: 'Xero',
    tokenUrl: endpoints.tokenUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    timeoutMs: options.timeoutMs,
    retryBaseMs: options.retryBaseMs,
    refreshLifetimeSeconds: REFRESH_LIFETIME_SECONDS,
    ...(options.now ? { now: options.now } : {}),
  };
  const { repeatable } = oauthRetries(options.retryBaseMs);
  const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}`, Accept: 'application/json' });
  const refused = (status: number) => new OAuthError(`http_${status}`, status, 'Xero');
  return {
    authorizeUrl({ state, redirectUri, scopes = XERO_SCOPES }) {
      const relative = endpoints.authorizeUrl.startsWith('/');
      const url = new URL(endpoints.authorizeUrl, 'http://relative.invalid');
      url.search = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, scope: scopes, state }).toString();
      return relative ? `${url.pathname}${url.search}` : url.toString();
    },
    exchangeCode: (code, redirectUri) => requestTokens(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => requestTokens(client, { grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      const response = await ledgerRequest(
        'Xero',
        endpoints.revokeUrl,
        {
          method: 'POST',
          headers: { Authorization: basicAuth(client), 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: refreshToken }).toString(),
        },
        options.timeoutMs,
        repeatable,
      );
      // A token already gone is what was wanted.
      if (!response.ok && response.status !== 400) throw refused(response.status);
    },
    async connections(accessToken, authEventId) {
      const url = new URL(endpoints.connectionsUrl);
      if (authEventId) url.searchParams.set('authEventId', authEventId);
      const response = await ledgerRequest('Xero', url, { headers: bearer(accessToken) }, options.timeoutMs, repeatable);
      if (!response.ok) throw refused(response.status);
      const body = parseJson(response.text);
      return (Array.isArray(body) ? body : [])
        .map((c: Record<string, unknown>) => ({
          id: String(c.id ?? ''),
          authEventId: String(c.authEventId ?? ''),
          tenantId: String(c.tenantId ?? ''),
          tenantName: String(c.tenantName ?? ''),
          type: c.tenantType,
        }))
        .filter((c) => c.type === 'ORGANISATION' && c.tenantId !== '')
        .map(({ type: _type, ...c }) => c);
    },
    async disconnect(accessToken, connectionId) {
      const response = await ledgerRequest(
        'Xero',
        `${endpoints.connectionsUrl}/${encodeURIComponent(connectionId)}`,
        { method: 'DELETE', headers: bearer(accessToken) },
        options.timeoutMs,
        repeatable,
      );
      if (!response.ok && response.status !== 404) throw refused(response.status);
    },
    async userinfo(accessToken) {
      const response = await ledgerRequest('Xero', endpoints.userinfoUrl, { headers: bearer(accessToken) }, options.timeoutMs, repeatable);
      if (!response.ok) throw refused(response.status);
      const body = jsonObject(response.text);
      return {
        sub: String(body.xero_userid ?? body.sub ?? ''),
        email: String(body.email ?? ''),
        givenName: String(body.given_name ?? ''),
        familyName: String(body.family_name ?? ''),
      };
    },
  };
};
