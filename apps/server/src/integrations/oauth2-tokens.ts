import { LedgerUnreachableError } from '../modules/books/ledger/ledger-errors.port.js';
import { DEFAULT_RETRY, OutboundHttpError, outboundRequestWithRetry, type OutboundResponse, type RetryPolicy } from '../lib/outbound-http.js';

/** What a ledger's token endpoint gives: the pair of tokens and when each stops working. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  /** OpenID Connect's signed statement of who signed in, when the grant asked for it. */
  idToken?: string;
}

/** A token endpoint refused: `invalid_grant` (or a client it no longer knows) means the grant is gone and the company must reconnect. */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    ledger = 'The ledger',
  ) {
    super(`${ledger} refused the token request (${code})`);
    this.name = 'OAuthError';
  }

  get grantIsGone(): boolean {
    return this.code === 'invalid_grant' || this.code === 'invalid_client';
  }
}

/**
 * A request to a ledger's own servers (API, OAuth, OpenID) within the shared time limit, sent again
 * on passing failures as the policy allows; a timeout or an unreachable host becomes
 * LedgerUnreachableError, which jobs retry later like any failure of the ledger.
 */
export const ledgerRequest = async (ledger: string, url: string | URL, init: RequestInit, timeoutMs: number, retry: RetryPolicy): Promise<OutboundResponse> => {
  try {
    return await outboundRequestWithRetry(url, init, timeoutMs, retry);
  } catch (err) {
    if (!(err instanceof OutboundHttpError)) throw err;
    const what = err.reason === 'timeout' ? `${ledger} did not answer in time` : `${ledger} could not be reached`;
    throw new LedgerUnreachableError(`${what} (${err.detail}). Try again in a moment.`, { cause: err });
  }
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const jsonObject = (text: string): Record<string, unknown> => {
  const body = parseJson(text);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
};

export interface TokenClient {
  ledger: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  retryBaseMs?: number | undefined;
  /** How long a refresh token lasts when the answer does not say (QuickBooks 100 days, Xero 60 days unused). */
  refreshLifetimeSeconds: number;
  now?: () => Date;
}

export const basicAuth = (client: Pick<TokenClient, 'clientId' | 'clientSecret'>) =>
  `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;

/** The retry policies of OAuth calls: `once` for what must not be sent twice unseen (a code, a rotating refresh), `repeatable` for the rest. */
export const oauthRetries = (retryBaseMs: number | undefined) => {
  const retry = (idempotent: boolean): RetryPolicy => ({ ...DEFAULT_RETRY, baseMs: retryBaseMs ?? DEFAULT_RETRY.baseMs, idempotent });
  return { once: retry(false), repeatable: retry(true) };
};

/**
 * A token request (a code exchanged, or a refresh): client authentication in the Basic header, the
 * form in the body. A code is single use and a refresh rotates the refresh token, so it is sent
 * again only after an answer the server refused unseen (429).
 */
export const requestTokens = async (client: TokenClient, form: Record<string, string>): Promise<TokenSet> => {
  const response = await ledgerRequest(
    client.ledger,
    client.tokenUrl,
    {
      method: 'POST',
      headers: { Authorization: basicAuth(client), 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    },
    client.timeoutMs,
    oauthRetries(client.retryBaseMs).once,
  );
  const body = jsonObject(response.text);
  if (!response.ok) throw new OAuthError(typeof body.error === 'string' ? body.error : `http_${response.status}`, response.status, client.ledger);
  const at = (client.now?.() ?? new Date()).getTime();
  return {
    accessToken: String(body.access_token),
    // Empty when the grant asked for no offline access (a sign-in, which only asks who the person is).
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    accessExpiresAt: new Date(at + Number(body.expires_in ?? 3600) * 1000),
    refreshExpiresAt: new Date(at + Number(body.x_refresh_token_expires_in ?? client.refreshLifetimeSeconds) * 1000),
    ...(typeof body.id_token === 'string' ? { idToken: body.id_token } : {}),
  };
};
