import { createHash } from 'node:crypto';
import { XERO_PATH, xeroEndpoints as xeroApiEndpoints } from '@herd/contract';

/**
 * How Herd reaches Xero. With Xero credentials it talks to Xero; without them it uses the simulator
 * built into Herd, mounted at /sandbox/xero, so a new firm can try the whole loop with no account
 * anywhere (labelled as a sandbox wherever it shows). `off`: no credentials and no sandbox
 * (production's default), so Xero cannot be connected.
 */
export type XeroMode = 'builtin-sandbox' | 'xero' | 'off';

export interface XeroSettings {
  mode: XeroMode;
  clientId: string;
  clientSecret: string;
  /** The key Xero signs its webhooks with. */
  webhookKey: string;
  /** Points every endpoint at another Xero-speaking server (a simulator for tests and the bench). */
  baseUrl: string | null;
}

export interface XeroEndpoints {
  /** Where the browser goes to consent. */
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  /** The tenants (organisations) a grant holds. */
  connectionsUrl: string;
  /** Before `/BankTransactions` and the rest of the Accounting API. */
  apiBase: string;
}

export const BUILTIN_XERO_SANDBOX_PATH = '/sandbox/xero';

export const parseXeroSettings = (env: NodeJS.ProcessEnv, secretKey: string, sandboxes = true): XeroSettings => {
  const baseUrl = env.XERO_BASE_URL ? env.XERO_BASE_URL.replace(/\/+$/, '') : null;
  if (env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET) {
    return { mode: 'xero', clientId: env.XERO_CLIENT_ID, clientSecret: env.XERO_CLIENT_SECRET, webhookKey: env.XERO_WEBHOOK_KEY || '', baseUrl };
  }
  if (!sandboxes && !baseUrl) return { mode: 'off', clientId: '', clientSecret: '', webhookKey: '', baseUrl: null };
  // The built-in sandbox's credentials only have to agree between Herd and its own simulator.
  const derived = (label: string) => createHash('sha256').update(`herd:xero-sandbox:${label}:${secretKey}`).digest('hex').slice(0, 32);
  return { mode: 'builtin-sandbox', clientId: 'herd-sandbox', clientSecret: derived('secret'), webhookKey: derived('webhook'), baseUrl };
};

/** `selfUrl` is where this process reaches itself (the built-in sandbox answers on the same server). */
export const xeroEndpoints = (settings: XeroSettings, selfUrl: string): XeroEndpoints => {
  if (settings.baseUrl || settings.mode === 'builtin-sandbox') {
    // The sandbox's consent page is on whichever address of Herd the person is using (a path alone), where their session is.
    const browserBase = settings.baseUrl ?? BUILTIN_XERO_SANDBOX_PATH;
    const serverBase = settings.baseUrl ?? `${selfUrl}${BUILTIN_XERO_SANDBOX_PATH}`;
    return {
      authorizeUrl: `${browserBase}/identity/connect/authorize`,
      tokenUrl: `${serverBase}/identity/connect/token`,
      revokeUrl: `${serverBase}/identity/connect/revocation`,
      userinfoUrl: `${serverBase}/identity/connect/userinfo`,
      connectionsUrl: `${serverBase}/connections`,
      apiBase: `${serverBase}/api.xro/2.0`,
    };
  }
  return {
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    revokeUrl: 'https://identity.xero.com/connect/revocation',
    userinfoUrl: 'https://identity.xero.com/connect/userinfo',
    connectionsUrl: 'https://api.xero.com/connections',
    apiBase: 'https://api.xero.com/api.xro/2.0',
  };
};

/** The API paths of Xero's own endpoints: its prefix (the OAuth nonce cookie's path), the one callback registered with Xero, and its webhooks. */
export const XERO_PATHS = {
  prefix: `/${XERO_PATH}`,
  callback: `/${xeroApiEndpoints.connect.path}`,
  webhooks: `/${xeroApiEndpoints.webhook.path}`,
} as const;

/** Granted on anything but Xero itself (the built-in sandbox, or a simulator named by XERO_BASE_URL). */
export const isXeroSandbox = (settings: XeroSettings) => settings.mode !== 'xero' || settings.baseUrl !== null;
