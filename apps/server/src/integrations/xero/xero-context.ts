import type { Config } from '../../config.js';
import { LedgerError } from '../../lib/errors.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import type { AdapterServices } from '../../modules/books/ledger/ledger-adapter.port.js';
import { LedgerNeedsReauthError } from '../../modules/books/ledger/ledger-errors.port.js';
import { TokenSession } from '../oauth2-session.js';
import { XeroApi } from './xero-api.js';
import { xeroOAuth, type XeroOAuth } from './xero-oauth.js';
import { xeroEndpoints, type XeroEndpoints, type XeroSettings } from './xero-settings.js';

/** Xero allows 60 calls a minute per organisation; waiting for room beats earning a 429. */
export const XERO_CALLS_PER_MINUTE = 60;
/**
 * The minute, and a second more: Herd stamps a call when its window admits it, Xero when the call
 * arrives a few milliseconds later, so a window of exactly a minute let the 61st call reach Xero
 * while Xero still counted the first (two 429s in a 20,000-transaction pull, each a wasted call).
 */
const XERO_WINDOW_MS = 61_000;
/**
 * Xero's 5,000 calls a day per organisation, less a margin: Herd stops for the day before Xero
 * would refuse, so the day's last calls are never spent on refusals, and resumes when the oldest
 * call of the 24 hours leaves the window.
 */
const XERO_CALLS_PER_DAY = 4_950;
const DAY_MS = 24 * 60 * 60_000;

/** Xero no longer accepts Herd's grant: the accountant connects the organisation again. */
export class XeroNeedsReauthError extends LedgerNeedsReauthError {
  constructor() {
    super('Xero no longer accepts this connection. Reconnect the organisation to Xero.');
  }
}

/** Everything a Xero call needs, built once per app. */
export interface XeroContext {
  settings: XeroSettings;
  endpoints: XeroEndpoints;
  oauth: XeroOAuth;
  box: SecretBox;
  services: AdapterServices;
  timeoutMs: number;
  /** Where Xero sends the browser back after consent. */
  redirectUri: string;
  /** The token session of a connected organisation, and its tenant id. */
  session(companyPk: number): Promise<{ session: TokenSession; tenantId: string }>;
  /** Opens the Accounting API of a connected organisation. */
  openApi(companyPk: number): Promise<XeroApi>;
}

export interface XeroContextOptions {
  retryBaseMs?: number;
  callsPerMinute?: number;
  /** Calls a day an organisation may take (Xero's 5,000 less a margin by default). */
  callsPerDay?: number;
  /** Where the consent comes back to (the app's Xero callback). */
  redirectPath: string;
}

export const createXeroContext = (config: Config, settings: XeroSettings, services: AdapterServices, options: XeroContextOptions): XeroContext => {
  const endpoints = xeroEndpoints(settings, `http://127.0.0.1:${config.port}`);
  const timeoutMs = config.outboundTimeoutMs;
  const oauth = xeroOAuth(settings, endpoints, { timeoutMs, retryBaseMs: options.retryBaseMs });
  const box = createSecretBox(config.secretKey);
  return {
    settings,
    endpoints,
    oauth,
    box,
    services,
    timeoutMs,
    redirectUri: `${config.appUrl}${options.redirectPath}`,
    async session(companyPk) {
      const grant = await services.credentials.read(companyPk);
      if (!grant || grant.provider !== 'XERO') throw new LedgerError('This company is not connected to Xero.', 409);
      const session = new TokenSession({
        credentials: services.credentials,
        box,
        companyPk,
        grant,
        refresh: (token) => oauth.refresh(token),
        grantLost: () => new XeroNeedsReauthError(),
      });
      return { session, tenantId: grant.externalCompanyId };
    },
    async openApi(companyPk) {
      const { session, tenantId } = await this.session(companyPk);
      // The organisation's minute window is kept in the database, so every process together keeps to it.
      const window = services.rateWindow('XERO', options.callsPerMinute ?? XERO_CALLS_PER_MINUTE, XERO_WINDOW_MS);
      const dayWindow = services.rateWindow('XERO-day', options.callsPerDay ?? XERO_CALLS_PER_DAY, DAY_MS);
      return new XeroApi(session, { apiBase: endpoints.apiBase, tenantId, window, dayWindow, timeoutMs, retryBaseMs: options.retryBaseMs });
    },
  };
};
