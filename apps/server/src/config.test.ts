import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './config-env.js';

const KEY = 'k'.repeat(40);
const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'herd-config-')), 'data');
const modeOf = (p: string) => statSync(p).mode & 0o777;

/** The problems loadConfig reports for this environment (it must refuse it). */
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig({ DATA_DIR: freshDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration', () => {
  it('has a default for everything on an embedded install', () => {
    const config = loadConfig({ DATA_DIR: freshDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePoolSize: 10,
      appUrl: 'http://localhost:3000',
      demoData: 'auto',
      logLevel: 'info',
      trustProxy: false,
      maxUploadBytes: 20 * 1024 * 1024,
      storageQuotaBytes: 100 * 1024 ** 3,
      e2eOutbox: false,
      s3: null,
      outboundTimeoutMs: 60_000,
      ledgerSyncIntervalMs: 4 * 3_600_000,
      environment: 'production',
      featureFlagDefaults: [],
    });
    expect(config.qbo.mode).toBe('builtin-sandbox');
  });

  it('reads every kind of value, an empty one counting as unset', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      PORT: '8080',
      APP_URL: 'https://herd.example.com/',
      TRUST_PROXY: 'true',
      DEMO_DATA: '',
      MAX_UPLOAD_MB: '2.5',
      STORAGE_QUOTA_GB: '0.5',
      HERD_E2E_OUTBOX: '1',
      OUTBOUND_TIMEOUT_MS: '1500',
      LEDGER_SYNC_INTERVAL: '1h30m',
      DATABASE_POOL_SIZE: '25',
      DATABASE_URL: 'postgres://herd:pw@db:5432/herd',
      SECRET_KEY: KEY,
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'TRUE',
      QBO_CLIENT_ID: 'cid',
      QBO_CLIENT_SECRET: 'csecret',
      QBO_ENVIRONMENT: 'sandbox',
      FEATURE_FLAGS: ' FEATURE_MFA, FEATURE_TRANSACTION_ANALYTICS,FEATURE_MFA ',
    });
    expect(config).toMatchObject({
      // FEATURE_MFA is retired (every firm has two-step verification): named, it is dropped, not refused.
      featureFlagDefaults: ['FEATURE_TRANSACTION_ANALYTICS'],
      port: 8080,
      appUrl: 'https://herd.example.com',
      trustProxy: true,
      demoData: 'auto',
      maxUploadBytes: Math.floor(2.5 * 1024 * 1024),
      storageQuotaBytes: 512 * 1024 ** 2,
      e2eOutbox: true,
      outboundTimeoutMs: 1500,
      ledgerSyncIntervalMs: 90 * 60_000,
      databasePoolSize: 25,
      secretKey: KEY,
      s3: { bucket: 'files', region: 'us-east-1', endpoint: 'http://minio:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true },
      qbo: { mode: 'intuit-sandbox', clientId: 'cid', clientSecret: 'csecret' },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, not "abc".'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, not "70000".'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "0".'],
    [{ OUTBOUND_TIMEOUT_MS: '1.5' }, 'OUTBOUND_TIMEOUT_MS must be a whole number from 1 to 3600000, not "1.5".'],
    [
      { LEDGER_SYNC_INTERVAL: '4 hours' },
      'LEDGER_SYNC_INTERVAL must be a length of time from 5m to 7d, in minutes ("240") or with units m, h, d ("4h", "1h30m"), not "4 hours".',
    ],
    [{ LEDGER_SYNC_INTERVAL: '2' }, 'LEDGER_SYNC_INTERVAL must be a length of time from 5m to 7d, in minutes ("240") or with units m, h, d ("4h", "1h30m"), not "2".'],
    [{ LEDGER_SYNC_INTERVAL: '8d' }, 'LEDGER_SYNC_INTERVAL must be a length of time from 5m to 7d, in minutes ("240") or with units m, h, d ("4h", "1h30m"), not "8d".'],
    [{ MAX_UPLOAD_MB: '-1' }, 'MAX_UPLOAD_MB must be a number of megabytes above 0, not "-1".'],
    [{ STORAGE_QUOTA_GB: '0' }, 'STORAGE_QUOTA_GB must be a number of gigabytes above 0, not "0".'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA must be "on" or "off", not "yes".'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be "fatal" or "error" or "warn" or "info" or "debug" or "trace" or "silent", not "loud".'],
    [{ QBO_ENVIRONMENT: 'staging' }, 'QBO_ENVIRONMENT must be "production" or "sandbox", not "staging".'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false, not "maybe".'],
    [{ HERD_E2E_OUTBOX: '2' }, 'HERD_E2E_OUTBOX must be true or false, not "2".'],
    [{ DATABASE_URL: 'mysql://db/herd', SECRET_KEY: KEY }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://.'],
    [{ APP_URL: 'herd.example.com' }, 'APP_URL must be a URL starting with http:// or https://.'],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://.'],
    [{ SENTRY_DSN: 'nope' }, 'SENTRY_DSN must be a URL starting with http:// or https://.'],
    [{ QBO_BASE_URL: 'ftp://sim' }, 'QBO_BASE_URL must be a URL starting with http:// or https://.'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be a URL starting with http:// or https://.'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'sure' }, 'S3_FORCE_PATH_STYLE must be true or false, not "sure".'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY must be at least 32 characters long (for example the output of `openssl rand -hex 32`).'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET is required when other S3_ settings are given; without it files are kept on local disk.'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.'],
    [{ QBO_CLIENT_SECRET: 'secret' }, 'QBO_CLIENT_ID and QBO_CLIENT_SECRET must be set together.'],
    [{ FEATURE_FLAGS: 'FEATURE_MFA,FEATURE_TELEPORT' }, 'FEATURE_FLAGS names unknown flags (FEATURE_TELEPORT); the flags are FEATURE_TRANSACTION_ANALYTICS.'],
  ])('refuses %o: %s', (env, message) => {
    expect(problems(env)).toEqual([message]);
  });

  it.each([
    ['240', 4 * 3_600_000],
    ['4h', 4 * 3_600_000],
    ['90m', 90 * 60_000],
    [' 1H 30m ', 90 * 60_000],
    ['1d', 86_400_000],
  ])('reads the sync interval %s', (raw, ms) => {
    expect(loadConfig({ DATA_DIR: freshDir(), LEDGER_SYNC_INTERVAL: raw }).ledgerSyncIntervalMs).toBe(ms);
  });

  it('lists every problem at once, and never repeats a value that may hold a password', () => {
    const err = (() => {
      try {
        loadConfig({ DATA_DIR: freshDir(), PORT: 'x', DATABASE_URL: 'postgres//herd:hunter2@db/herd', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(err.problems).toHaveLength(4);
    expect(err.message).toContain('The configuration is not valid:');
    expect(err.message).toContain('PORT must be');
    expect(err.message).toContain('DATABASE_URL must be a URL');
    expect(err.message).toContain('SECRET_KEY is required when DATABASE_URL is set');
    expect(err.message).not.toContain('hunter2');
  });
});

describe('the secret key', () => {
  it('with DATABASE_URL, must be given: a process does not make a key of its own', () => {
    const dataDir = freshDir();
    expect(problems({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/herd' })).toEqual([
      'SECRET_KEY is required when DATABASE_URL is set: every API and worker process must seal credentials with the same key. Set it to the same random value of at least 32 characters on each of them.',
    ]);
    expect(existsSync(path.join(dataDir, 'secret_key'))).toBe(false);
  });

  it('with DATABASE_URL and S3 leaves DATA_DIR alone: nothing of this install lives there', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/herd', SECRET_KEY: KEY, S3_BUCKET: 'files' });
    expect(config.secretKey).toBe(KEY);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('on an embedded install is made once, kept in DATA_DIR readable by its owner only, and read back on the next start', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret_key'))).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first);
  });

  it('tightens a data folder and a key file that others could read', () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'secret_key'), `${KEY}\n`);
    chmodSync(path.join(dataDir, 'secret_key'), 0o644);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(KEY);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret_key'))).toBe(0o600);
    expect(readFileSync(path.join(dataDir, 'secret_key'), 'utf8').trim()).toBe(KEY);
  });

  it('refuses an empty key file rather than sealing with an empty key', () => {
    const dataDir = freshDir();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'secret_key'), '');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/secret_key is empty/);
  });
});

describe('billing settings', () => {
  it('runs the built-in Stripe sandbox without a key, Stripe with one, nothing with BILLING=off', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).billing).toMatchObject({ mode: 'sandbox', priceId: 'price_sandbox_per_company', baseUrl: null });
    const stripe = loadConfig({ DATA_DIR: freshDir(), STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x' }).billing;
    expect(stripe).toEqual({ mode: 'stripe', secretKey: 'sk_live_x', webhookSecret: 'whsec_x', priceId: 'price_x', baseUrl: null });
    expect(loadConfig({ DATA_DIR: freshDir(), BILLING: 'off', STRIPE_SECRET_KEY: 'sk_live_x' }).billing.mode).toBe('off');
  });

  it('refuses a Stripe key without its webhook secret and price, and a BILLING that is neither on nor off', () => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => loadConfig({ DATA_DIR: freshDir(), BILLING: 'maybe' })).toThrow(ConfigError);
  });
});

describe('inbound email settings', () => {
  it('embedded: listener off, webhook on with a secret made once in DATA_DIR; with DATABASE_URL the webhook waits for its secret', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.inbound).toMatchObject({ domain: 'inbound.localhost', smtpPort: null, maxMessageBytes: 25 * 1024 * 1024 });
    const file = path.join(dataDir, 'inbound_webhook_secret');
    expect(config.inbound.webhookSecret).toBe(readFileSync(file, 'utf8'));
    expect(modeOf(file)).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).inbound.webhookSecret).toBe(config.inbound.webhookSecret);
    expect(loadConfig({ DATA_DIR: freshDir(), DATABASE_URL: 'postgres://h/db', SECRET_KEY: KEY, S3_BUCKET: 'b' }).inbound.webhookSecret).toBeNull();
  });

  it('reads the domain, port, secret and size, and refuses bad ones by name', () => {
    const env = { INBOUND_DOMAIN: 'Reply.Example.com', INBOUND_SMTP_PORT: '2525', INBOUND_WEBHOOK_SECRET: 's'.repeat(24), INBOUND_MAX_MB: '10' };
    expect(loadConfig({ DATA_DIR: freshDir(), ...env }).inbound).toMatchObject({
      domain: 'reply.example.com',
      smtpPort: 2525,
      webhookSecret: 's'.repeat(24),
      maxMessageBytes: 10 * 1024 * 1024,
    });
    const found = problems({ INBOUND_DOMAIN: 'not a domain', INBOUND_SMTP_PORT: '70000', INBOUND_WEBHOOK_SECRET: 'short' });
    expect(found).toEqual([
      'INBOUND_DOMAIN must be a domain name such as reply.example.com, not "not a domain".',
      'INBOUND_SMTP_PORT must be a whole number from 1 to 65535, not "70000".',
      'INBOUND_WEBHOOK_SECRET must be at least 24 characters long (for example the output of `openssl rand -hex 24`).',
    ]);
  });

  it('requires the receiving server’s sender verdict unless told otherwise, and reads the named servers’ only when given', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).inbound.senderAuth).toEqual({ requireAuthResults: true, authservIds: null });
    const relayed = loadConfig({ DATA_DIR: freshDir(), INBOUND_REQUIRE_AUTH_RESULTS: 'off', INBOUND_AUTHSERV_IDS: 'MX.Relay.example, mx2.relay.example' });
    expect(relayed.inbound.senderAuth).toEqual({ requireAuthResults: false, authservIds: ['mx.relay.example', 'mx2.relay.example'] });
  });

  it('in production, does not start an SMTP listener that would believe a sender’s own check: INBOUND_AUTHSERV_IDS is required', () => {
    expect(problems({ NODE_ENV: 'production', INBOUND_SMTP_PORT: '2525' })).toEqual([
      expect.stringMatching(/^INBOUND_AUTHSERV_IDS is required in production when INBOUND_SMTP_PORT is set/),
    ]);
    expect(loadConfig({ DATA_DIR: freshDir(), NODE_ENV: 'production', INBOUND_SMTP_PORT: '2525', INBOUND_AUTHSERV_IDS: 'mx.relay.example' }).inbound.smtpPort).toBe(2525);
    expect(loadConfig({ DATA_DIR: freshDir(), INBOUND_SMTP_PORT: '2525' }).inbound.smtpPort).toBe(2525);
  });
});

describe('production and the sandboxes', () => {
  it('runs every sandbox in development: texts, QuickBooks, Stripe', () => {
    const config = loadConfig({ DATA_DIR: freshDir() });
    expect(config).toMatchObject({ production: false, sandboxes: true });
    expect([config.sms.mode, config.qbo.mode, config.billing.mode]).toEqual(['builtin-sandbox', 'builtin-sandbox', 'sandbox']);
  });

  it('runs none in production: no texts, QuickBooks not connectable, nobody billed, until SANDBOXES=on', () => {
    const config = loadConfig({ DATA_DIR: freshDir(), NODE_ENV: 'production' });
    expect(config).toMatchObject({ production: true, sandboxes: false });
    expect([config.sms.mode, config.qbo.mode, config.billing.mode]).toEqual(['off', 'off', 'off']);
    const on = loadConfig({ DATA_DIR: freshDir(), NODE_ENV: 'production', SANDBOXES: 'on' });
    expect([on.sms.mode, on.qbo.mode, on.billing.mode]).toEqual(['builtin-sandbox', 'builtin-sandbox', 'sandbox']);
    expect(loadConfig({ DATA_DIR: freshDir(), SANDBOXES: 'off' }).sms.mode).toBe('off');
  });

  it('uses a provider that has credentials whatever SANDBOXES says', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      NODE_ENV: 'production',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      QBO_CLIENT_ID: 'cid',
      QBO_CLIENT_SECRET: 'secret',
    });
    expect([config.sms.mode, config.qbo.mode]).toEqual(['twilio', 'production']);
  });
});
