import path from 'node:path';
import { parseSmsSettings } from './integrations/twilio/twilio-settings.js';
import type { SmsSettings } from './modules/messaging/texts/sms.port.js';
import type { FeatureFlag } from '@herd/contract';
import { parseEnv, type Env } from './config-env.js';
import { parseQboSettings, type QboSettings } from './integrations/qbo/qbo-settings.js';
import { parseXeroSettings, type XeroSettings } from './integrations/xero/xero-settings.js';
import { parseBillingSettings, type BillingSettings } from './modules/firm/billing/billing.settings.js';
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from './lib/outbound-http.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, parseWebPushSettings, type WebPushSettings } from './integrations/web-push/web-push-settings.js';
import { KARBON_API_URL } from './integrations/karbon/karbon-client.js';
import { ensurePrivateDir, loadOrCreateSecretKeyFile } from './lib/private-files.js';
import type { S3Settings } from './integrations/file-storage/s3-driver.js';
import { parseInboundSettings, type InboundSettings } from './modules/conversation/inbound/inbound.settings.js';

/** Every connected company is pulled this often unless LEDGER_SYNC_INTERVAL says otherwise. */
export const DEFAULT_LEDGER_SYNC_INTERVAL_MS = 4 * 3_600_000;
/** Each firm's storage unless STORAGE_QUOTA_GB says otherwise: generous (five thousand uploads at the largest size), so a self-hosted firm rarely meets it. */
export const DEFAULT_STORAGE_QUOTA_GB = 100;

export type DemoDataMode = 'auto' | 'on' | 'off';

const DEFAULT_MAIL_FROM = 'Herd <no-reply@herd.local>';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections per process on PostgreSQL. */
  databasePoolSize: number;
  appUrl: string;
  secretKey: string;
  smtpUrl: string | null;
  mailFrom: string;
  demoData: DemoDataMode;
  /** `NODE_ENV=production`: nothing public or demo is on unless the operator turns it on. */
  production: boolean;
  /**
   * Whether the built-in sandboxes (texts, QuickBooks consent, Stripe checkout) stand in for a
   * provider with no credentials: on in development, off in production unless `SANDBOXES=on`.
   */
  sandboxes: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Where the built web app lives; null disables static serving (API-only tests). */
  webDistDir: string | null;
  /** Error reporting and tag manager ids handed to the web app; both off unless set. */
  sentryDsn: string | null;
  gtmId: string | null;
  environment: string;
  /** Exposes the newest outbox email per address to end-to-end tests; never on a real deployment. */
  e2eOutbox: boolean;
  /** Largest upload accepted, in bytes. */
  maxUploadBytes: number;
  /** What each firm may keep in storage, in bytes (docs/documents.md, "Storage quota"). */
  storageQuotaBytes: number;
  /** S3-compatible object storage; null keeps files on local disk under DATA_DIR/files. */
  s3: S3Settings | null;
  /** QuickBooks Online: Intuit's credentials, or the built-in sandbox when there are none. */
  qbo: QboSettings;
  /** Xero: its app's credentials, or the built-in Xero sandbox when there are none. */
  xero: XeroSettings;
  /** Text messages (MFA codes): Twilio's credentials, or the built-in sandbox when there are none. */
  sms: SmsSettings;
  /** Where Karbon's API is: Karbon's own, unless `KARBON_BASE_URL` names another (a simulator). */
  karbonBaseUrl: string;
  /** How long any call to another server (ledgers, their OAuth endpoints, object storage) may take. */
  outboundTimeoutMs: number;
  /** How pushes to people's devices are signed (docs/phone-app.md). */
  webPush: WebPushSettings;
  /** The push services a device's subscription may be on (the server POSTs to them). */
  pushServiceHosts: string[];
  /** How often the sync schedule pulls each connected company from its ledger (`LEDGER_SYNC_INTERVAL`, 4 hours by default). */
  ledgerSyncIntervalMs: number;
  /** Feature flags on for every firm that has not been set otherwise (`npm run flags`). */
  featureFlagDefaults: readonly FeatureFlag[];
  /** Stripe billing, the built-in Stripe sandbox when no key is set, or off (`BILLING=off`). */
  billing: BillingSettings;
  /** Email Herd receives: the reply domain, its SMTP listener and the provider webhook (`docs/inbound-email.md`). */
  inbound: InboundSettings;
}

const parseS3 = (env: Env): S3Settings | null => {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT ?? null,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
};

/**
 * The configuration, read and checked once at start: a bad or missing setting throws a
 * ConfigError naming every variable at fault, before anything else happens. DATA_DIR (the
 * embedded database, local files and the generated key) is made private to the process's user
 * when this install uses it.
 */
export const loadConfig = (raw: NodeJS.ProcessEnv = process.env): Config => {
  const env = parseEnv(raw);
  const port = env.PORT ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL ?? null;
  const s3 = parseS3(env);
  if (!databaseUrl || !s3) ensurePrivateDir(dataDir);
  // Without DATABASE_URL this is a single embedded install, so a key kept beside its database is enough; with it the schema demands SECRET_KEY.
  const secretKey = env.SECRET_KEY ?? loadOrCreateSecretKeyFile(dataDir);
  const production = env.NODE_ENV === 'production';
  const sandboxes = env.SANDBOXES ? env.SANDBOXES === 'on' : !production;
  const qboEnv = {
    QBO_CLIENT_ID: env.QBO_CLIENT_ID,
    QBO_CLIENT_SECRET: env.QBO_CLIENT_SECRET,
    QBO_ENVIRONMENT: env.QBO_ENVIRONMENT,
    QBO_WEBHOOK_VERIFIER_TOKEN: env.QBO_WEBHOOK_VERIFIER_TOKEN,
    QBO_BASE_URL: env.QBO_BASE_URL,
  };
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize: env.DATABASE_POOL_SIZE ?? 10,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    demoData: env.DEMO_DATA ?? 'auto',
    production,
    sandboxes,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY ?? false,
    // An empty WEB_DIST_DIR turns static serving off (the bench and API-only processes).
    webDistDir: env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    sentryDsn: env.SENTRY_DSN ?? null,
    gtmId: env.GTM_ID ?? null,
    environment: env.HERD_ENV ?? env.NODE_ENV ?? 'production',
    maxUploadBytes: Math.floor((env.MAX_UPLOAD_MB ?? 20) * 1024 * 1024),
    storageQuotaBytes: Math.floor((env.STORAGE_QUOTA_GB ?? DEFAULT_STORAGE_QUOTA_GB) * 1024 ** 3),
    e2eOutbox: env.HERD_E2E_OUTBOX ?? false,
    s3,
    qbo: parseQboSettings(qboEnv, secretKey, sandboxes),
    xero: parseXeroSettings(
      { XERO_CLIENT_ID: env.XERO_CLIENT_ID, XERO_CLIENT_SECRET: env.XERO_CLIENT_SECRET, XERO_WEBHOOK_KEY: env.XERO_WEBHOOK_KEY, XERO_BASE_URL: env.XERO_BASE_URL },
      secretKey,
      sandboxes,
    ),
    sms: parseSmsSettings(env, port, sandboxes),
    karbonBaseUrl: env.KARBON_BASE_URL ?? KARBON_API_URL,
    outboundTimeoutMs: env.OUTBOUND_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
    webPush: parseWebPushSettings(
      env,
      secretKey,
      (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      env.OUTBOUND_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
    ),
    ledgerSyncIntervalMs: env.LEDGER_SYNC_INTERVAL ?? DEFAULT_LEDGER_SYNC_INTERVAL_MS,
    featureFlagDefaults: env.FEATURE_FLAGS ?? [],
    billing: parseBillingSettings(env, secretKey, sandboxes),
    inbound: parseInboundSettings(env, { dataDir, databaseUrl, host: env.HOST ?? '0.0.0.0' }),
  };
};
