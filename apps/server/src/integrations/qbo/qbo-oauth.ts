import { basicAuth, jsonObject, OAuthError, oauthRetries, requestTokens, type TokenSet } from '../oauth2-tokens.js';
import { qboRequest } from './qbo-http.js';
import type { QboEndpoints, QboSettings } from './qbo-settings.js';

export { OAuthError, type TokenSet };

export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
export const OPENID_SCOPES = 'openid profile email phone';

export interface IntuitUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  phone: string;
}

export interface QboOAuth {
  authorizeUrl(input: { state: string; redirectUri: string; openid: boolean }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(token: string): Promise<void>;
  userinfo(accessToken: string): Promise<IntuitUser>;
}

export interface QboOAuthOptions {
  /** The shared limit of outbound calls (config.outboundTimeoutMs). */
  timeoutMs: number;
  /** First wait before sending again (tests make it short). */
  retryBaseMs?: number | undefined;
  now?: () => Date;
}

export const qboOAuth = (settings: QboSettings, endpoints: QboEndpoints, options: QboOAuthOptions): QboOAuth => {
  const client = {
    ledger: 'QuickBooks',
    tokenUrl: endpoints.tokenUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    timeoutMs: options.timeoutMs,
    retryBaseMs: options.retryBaseMs,
    // Intuit's refresh tokens last 101 days when its answer does not say.
    refreshLifetimeSeconds: 8_726_400,
    ...(options.now ? { now: options.now } : {}),
  };
  // Reading who the user is, and revoking (a grant revoked twice is revoked), may be sent twice.
  const { repeatable } = oauthRetries(options.retryBaseMs);
  const tokenRequest = (form: Record<string, string>): Promise<TokenSet> => requestTokens(client, form);

  return {
    authorizeUrl({ state, redirectUri, openid }) {
      const relative = endpoints.authorizeUrl.startsWith('/');
      const url = new URL(endpoints.authorizeUrl, 'http://relative.invalid');
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        scope: openid ? `${ACCOUNTING_SCOPE} ${OPENID_SCOPES}` : ACCOUNTING_SCOPE,
        redirect_uri: redirectUri,
        state,
      }).toString();
      return relative ? `${url.pathname}${url.search}` : url.toString();
    },
    exchangeCode: (code, redirectUri) => tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(token) {
      const response = await qboRequest(
        endpoints.revokeUrl,
        {
          method: 'POST',
          headers: { Authorization: basicAuth(settings), 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ token }),
        },
        options.timeoutMs,
        repeatable,
      );
      // A token that is already gone is what we wanted.
      if (!response.ok && response.status !== 400) throw new OAuthError(`http_${response.status}`, response.status, 'QuickBooks');
    },
    async userinfo(accessToken) {
      const response = await qboRequest(
        endpoints.userinfoUrl,
        { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } },
        options.timeoutMs,
        repeatable,
      );
      if (!response.ok) throw new OAuthError(`http_${response.status}`, response.status, 'QuickBooks');
      const body = jsonObject(response.text);
      return {
        sub: String(body.sub ?? ''),
        email: String(body.email ?? ''),
        givenName: String(body.givenName ?? ''),
        familyName: String(body.familyName ?? ''),
        phone: String(body.phoneNumber ?? ''),
      };
    },
  };
};
