import { API_PREFIX } from '@herd/contract';
import type { Config } from '../../config.js';
import { LedgerError } from '../../lib/errors.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../../lib/outbound-http.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import type { AdapterServices } from '../../modules/books/ledger/ledger-adapter.port.js';
import { QboApi } from './qbo-api.js';
import { BATCH_REQUESTS_PER_MINUTE } from './qbo-batch.js';
import { qboOAuth, type QboOAuth } from './qbo-oauth.js';
import { QboSession } from './qbo-session.js';
import { QBO_PATHS, qboEndpoints, type QboEndpoints, type QboSettings } from './qbo-settings.js';

/** QuickBooks allows 500 requests a minute per realm; waiting for room beats earning a 429 and its minute-long penalty. */
export const QBO_REQUESTS_PER_MINUTE = 500;

/** Everything a QuickBooks call needs, built once per app. */
export interface QboContext {
  settings: QboSettings;
  endpoints: QboEndpoints;
  oauth: QboOAuth;
  box: SecretBox;
  /** The limit of every call to Intuit (config.outboundTimeoutMs). */
  timeoutMs: number;
  /** How a read outside the Accounting API's own loop (company info) is sent again. */
  readRetry: RetryPolicy;
  /** Where Intuit sends the browser back: the connect/reauth callback, or sign-up's. */
  redirectUri(signup: boolean): string;
  /** Where the company's credentials are kept; the app's store. */
  services: AdapterServices;
  /** Opens the Accounting API of a connected company. */
  openApi(companyPk: number): Promise<QboApi>;
}

export interface QboContextOptions {
  /** Waits after 429s and failures start here (tests make it short). */
  retryBaseMs?: number;
  requestsPerMinute?: number;
  /** Batch requests a minute per realm (QuickBooks' 40 unless a test wants to reach the limit). */
  batchesPerMinute?: number;
  /** Rows per query page; QuickBooks' largest (1000) unless a test wants many pages from few rows. */
  pageSize?: number;
}

export const createQboContext = (config: Config, services: AdapterServices, options: QboContextOptions = {}): QboContext => {
  const endpoints = qboEndpoints(config.qbo, config.appUrl, `http://127.0.0.1:${config.port}`);
  const timeoutMs = config.outboundTimeoutMs;
  const oauth = qboOAuth(config.qbo, endpoints, { timeoutMs, retryBaseMs: options.retryBaseMs });
  const readRetry: RetryPolicy = { ...DEFAULT_RETRY, baseMs: options.retryBaseMs ?? DEFAULT_RETRY.baseMs, idempotent: true };
  const box = createSecretBox(config.secretKey);
  const perMinute = options.requestsPerMinute ?? QBO_REQUESTS_PER_MINUTE;
  return {
    settings: config.qbo,
    endpoints,
    oauth,
    box,
    timeoutMs,
    readRetry,
    services,
    redirectUri: (signup) => `${config.appUrl}${API_PREFIX}${signup ? QBO_PATHS.signupCallback : QBO_PATHS.callback}`,
    async openApi(companyPk) {
      const grant = await services.credentials.read(companyPk);
      if (!grant || grant.provider !== 'QBO') throw new LedgerError('This company is not connected to QuickBooks Online.', 409);
      const session = new QboSession(services.credentials, oauth, box, companyPk, grant);
      // The app's windows are shared by every worker and API process, so together they keep to the realm's limit.
      const window = services.rateWindow('QBO', perMinute, 60_000);
      const batchWindow = services.rateWindow('QBO-batch', options.batchesPerMinute ?? BATCH_REQUESTS_PER_MINUTE, 60_000);
      return new QboApi(session, { apiBase: endpoints.apiBase, window, batchWindow, timeoutMs, retryBaseMs: options.retryBaseMs, pageSize: options.pageSize });
    },
  };
};
