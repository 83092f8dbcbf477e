import { createHash } from 'node:crypto';
import { QUICKBOOKS_PATH, quickbooksEndpoints } from '@herd/contract';

/**
 * How Herd reaches QuickBooks Online. With Intuit credentials it talks to
 * Intuit (production, or Intuit's developer sandbox); without them it uses
 * the simulator built into Herd, mounted at /sandbox/qbo, so a new firm can
 * try the whole loop with no account anywhere.
 */
export type QboMode = 'builtin-sandbox' | 'intuit-sandbox' | 'production' | 'off';

export interface QboSettings {
  mode: QboMode;
  clientId: string;
  clientSecret: string;
  webhookVerifierToken: string;
  /** Points every endpoint at another QuickBooks-speaking server (a simulator for tests and the bench). */
  baseUrl: string | null;
}

export interface QboEndpoints {
  /** Where the browser goes to consent. */
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  /** Before `/v3/company/{realmId}/…`. */
  apiBase: string;
}

export const BUILTIN_SANDBOX_PATH = '/sandbox/qbo';

/** Where Intuit sends the browser back and posts its webhooks, under /api/v1; registered with Intuit. */
export const QBO_PATHS = {
  /** The API's path prefix of QuickBooks' own endpoints (also the OAuth nonce cookie's path). */
  prefix: `/${QUICKBOOKS_PATH}`,
  callback: `/${quickbooksEndpoints.connect.path}`,
  signupCallback: `/${quickbooksEndpoints.signup.path}`,
  webhooks: `/${quickbooksEndpoints.webhook.path}`,
} as const;

/** `off`: no Intuit credentials and no sandbox (production's default), so QuickBooks cannot be connected. */
export const parseQboSettings = (env: NodeJS.ProcessEnv, secretKey: string, sandboxes = true): QboSettings => {
  const baseUrl = env.QBO_BASE_URL ? env.QBO_BASE_URL.replace(/\/+$/, '') : null;
  if (env.QBO_CLIENT_ID && env.QBO_CLIENT_SECRET) {
    const environment = env.QBO_ENVIRONMENT || 'production';
    if (environment !== 'production' && environment !== 'sandbox') throw new Error(`QBO_ENVIRONMENT must be "production" or "sandbox", not "${environment}"`);
    return {
      mode: environment === 'production' ? 'production' : 'intuit-sandbox',
      clientId: env.QBO_CLIENT_ID,
      clientSecret: env.QBO_CLIENT_SECRET,
      webhookVerifierToken: env.QBO_WEBHOOK_VERIFIER_TOKEN || '',
      baseUrl,
    };
  }
  if (!sandboxes && !baseUrl) return { mode: 'off', clientId: '', clientSecret: '', webhookVerifierToken: '', baseUrl: null };
  // The built-in sandbox's credentials only have to agree between Herd and its own simulator.
  const derived = (label: string) => createHash('sha256').update(`herd:qbo-sandbox:${label}:${secretKey}`).digest('hex').slice(0, 32);
  return { mode: 'builtin-sandbox', clientId: 'herd-sandbox', clientSecret: derived('secret'), webhookVerifierToken: derived('webhook'), baseUrl };
};

/**
 * `appUrl` is where browsers reach Herd; `selfUrl` is where this process
 * reaches itself (the built-in sandbox answers on the same server).
 */
export const qboEndpoints = (settings: QboSettings, appUrl: string, selfUrl: string): QboEndpoints => {
  if (settings.baseUrl || settings.mode === 'builtin-sandbox') {
    // The built-in sandbox's consent page is on whichever address of Herd the person is using (a path alone), where their session is.
    const browserBase = settings.baseUrl ?? BUILTIN_SANDBOX_PATH;
    const serverBase = settings.baseUrl ?? `${selfUrl}${BUILTIN_SANDBOX_PATH}`;
    return {
      authorizeUrl: `${browserBase}/connect/oauth2`,
      tokenUrl: `${serverBase}/oauth2/v1/tokens/bearer`,
      revokeUrl: `${serverBase}/v2/oauth2/tokens/revoke`,
      userinfoUrl: `${serverBase}/v1/openid_connect/userinfo`,
      apiBase: serverBase,
    };
  }
  const sandbox = settings.mode === 'intuit-sandbox';
  return {
    authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    revokeUrl: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
    userinfoUrl: sandbox ? 'https://sandbox-accounts.platform.intuit.com/v1/openid_connect/userinfo' : 'https://accounts.platform.intuit.com/v1/openid_connect/userinfo',
    apiBase: sandbox ? 'https://sandbox-quickbooks.api.intuit.com' : 'https://quickbooks.api.intuit.com',
  };
};
