import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseQboSettings, type QboSettings } from './integrations/qbo/qbo-settings.js';
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from './lib/outbound-http.js';
import type { S3Settings } from './storage/s3-driver.js';

export type DemoDataMode = 'auto' | 'on' | 'off';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  appUrl: string;
  secretKey: string;
  smtpUrl: string | null;
  mailFrom: string;
  demoData: DemoDataMode;
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
  /** S3-compatible object storage; null keeps files on local disk under DATA_DIR/files. */
  s3: S3Settings | null;
  /** QuickBooks Online: Intuit's credentials, or the built-in sandbox when there are none. */
  qbo: QboSettings;
  /** How long any call to another server (ledgers, their OAuth endpoints, object storage) may take. */
  outboundTimeoutMs: number;
}

const parsePort = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not valid: ${value}`);
  return port;
};

const parseDemoData = (value: string | undefined): DemoDataMode => {
  if (value === undefined || value === '') return 'auto';
  if (value === 'on' || value === 'off') return value;
  throw new Error(`DEMO_DATA must be "on" or "off", not "${value}"`);
};

/**
 * SECRET_KEY encrypts ledger credentials at rest. When it is not given we make
 * one on first start and keep it beside the embedded database, so a restart
 * can still read what it wrote.
 */
const loadOrCreateSecretKey = (dataDir: string, given: string | undefined): string => {
  if (given) return given;
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
};

const parseS3 = (env: NodeJS.ProcessEnv): S3Settings | null => {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || null,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
};

const parseUploadLimit = (value: string | undefined): number => {
  const mb = value ? Number(value) : 20;
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`MAX_UPLOAD_MB is not valid: ${value}`);
  return Math.floor(mb * 1024 * 1024);
};

const parseTimeout = (value: string | undefined): number => {
  if (value === undefined || value === '') return DEFAULT_OUTBOUND_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`OUTBOUND_TIMEOUT_MS is not valid: ${value}`);
  return ms;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = parsePort(env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const secretKey = loadOrCreateSecretKey(dataDir, env.SECRET_KEY);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    secretKey,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Herd <no-reply@herd.local>',
    demoData: parseDemoData(env.DEMO_DATA),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDistDir: env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    sentryDsn: env.SENTRY_DSN || null,
    gtmId: env.GTM_ID || null,
    environment: env.HERD_ENV || env.NODE_ENV || 'production',
    maxUploadBytes: parseUploadLimit(env.MAX_UPLOAD_MB),
    e2eOutbox: env.HERD_E2E_OUTBOX === '1',
    s3: parseS3(env),
    qbo: parseQboSettings(env, secretKey),
    outboundTimeoutMs: parseTimeout(env.OUTBOUND_TIMEOUT_MS),
  };
};
