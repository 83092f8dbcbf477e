import { DEFAULT_RETRY, type RetryPolicy } from '../../lib/outbound-http.js';
import { parseJson, qboRequest } from './qbo-http.js';
import type { QboEndpoints, QboSettings } from './qbo-settings.js';

export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
export const OPENID_SCOPES = 'openid profile email phone';

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

export interface IntuitUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  phone: string;
}

/** The token endpoint refused: `invalid_grant` means the grant is gone and the company must reconnect. */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`QuickBooks refused the token request (${code})`);
    this.name = 'OAuthError';
  }

  get grantIsGone(): boolean {
    return this.code === 'invalid_grant' || this.code === 'invalid_client';
  }
}

const basicAuth = (settings: QboSettings) => `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;

export interface QboOAuth {
  authorizeUrl(input: { state: string; redirectUri: string; openid: boolean }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(token: string): Promise<void>;
  userinfo(accessToken: string): Promise<IntuitUser>;
}

const jsonObject = (text: string): Record<string, unknown> => {
  const body = parseJson(text);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
};

export interface QboOAuthOptions {
  /** The shared limit of outbound calls (config.outboundTimeoutMs). */
  timeoutMs: number;
  /** First wait before sending again (tests make it short). */
  retryBaseMs?: number | undefined;
  now?: () => Date;
}

export const qboOAuth = (settings: QboSettings, endpoints: QboEndpoints, options: QboOAuthOptions): QboOAuth => {
  const now = options.now ?? (() => new Date());
  const retry = (idempotent: boolean): RetryPolicy => ({ ...DEFAULT_RETRY, baseMs: options.retryBaseMs ?? DEFAULT_RETRY.baseMs, idempotent });
  // A code is single use and a refresh rotates the refresh token: a token request is sent again only after a 429, which Intuit refused unseen.
  const once = retry(false);
  // Reading who the user is, and revoking (a grant revoked twice is revoked), may be sent twice.
  const repeatable = retry(true);
  const tokenRequest = async (form: Record<string, string>): Promise<TokenSet> => {
    const response = await qboRequest(
      endpoints.tokenUrl,
      {
        method: 'POST',
        headers: { Authorization: basicAuth(settings), 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      },
      options.timeoutMs,
      once,
    );
    const body = jsonObject(response.text);
    if (!response.ok) throw new OAuthError(typeof body.error === 'string' ? body.error : `http_${response.status}`, response.status);
    const at = now().getTime();
    return {
      accessToken: String(body.access_token),
      refreshToken: String(body.refresh_token),
      accessExpiresAt: new Date(at + Number(body.expires_in ?? 3600) * 1000),
      refreshExpiresAt: new Date(at + Number(body.x_refresh_token_expires_in ?? 8_726_400) * 1000),
    };
  };

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
      if (!response.ok && response.status !== 400) throw new OAuthError(`http_${response.status}`, response.status);
    },
    async userinfo(accessToken) {
      const response = await qboRequest(
        endpoints.userinfoUrl,
        { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } },
        options.timeoutMs,
        repeatable,
      );
      if (!response.ok) throw new OAuthError(`http_${response.status}`, response.status);
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
