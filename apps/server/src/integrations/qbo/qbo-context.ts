import { eq } from 'drizzle-orm';
import { API_PREFIX } from '@herd/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ledgerConnections } from '../../db/schema/index.js';
import { LedgerError } from '../../lib/errors.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../../lib/outbound-http.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { SharedRateWindow } from '../../lib/shared-rate-window.js';
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
  /** Opens the Accounting API of a connected company. */
  openApi(db: Db, companyPk: number): Promise<QboApi>;
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

export const createQboContext = (config: Config, options: QboContextOptions = {}): QboContext => {
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
    redirectUri: (signup) => `${config.appUrl}${API_PREFIX}${signup ? QBO_PATHS.signupCallback : QBO_PATHS.callback}`,
    async openApi(db, companyPk) {
      const [connection] = await db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
      if (!connection || connection.provider !== 'QBO') throw new LedgerError('This company is not connected to QuickBooks Online.', 409);
      const session = new QboSession(db, oauth, box, connection);
      // Counted in the database, so every worker and API process together keeps to the realm's limit.
      const window = new SharedRateWindow(db, 'QBO', { limit: perMinute, windowMs: 60_000 });
      const batchWindow = new SharedRateWindow(db, 'QBO-batch', { limit: options.batchesPerMinute ?? BATCH_REQUESTS_PER_MINUTE, windowMs: 60_000 });
      return new QboApi(session, { apiBase: endpoints.apiBase, window, batchWindow, timeoutMs, retryBaseMs: options.retryBaseMs, pageSize: options.pageSize });
    },
  };
};
