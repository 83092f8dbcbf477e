import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { parseBillingSettings } from '../src/modules/firm/billing/billing.settings.js';
import { fromPglite, fromPostgresUrl, type Database, type Db } from '../src/db/client.js';
import { createMailer } from '../src/mail/mailer.js';
import { jobHandlers } from '../src/jobs/handlers.js';
import { createJobQueue, type JobHandler, type JobName, type JobQueue } from '../src/jobs/job-queue.js';
import { closeReadingPools } from '../src/modules/files/receipts/reading/reading.face.js';
import type { MailTransport } from '../src/mail/mail-port.js';
import { createDatabaseFromTemplate, dropDatabase } from './postgres-admin.js';
import { reusedDatabase } from './reused-database.js';
import { installStatusRecorder, statusChangeReport } from './status-audit.js';
import { parseWebPushSettings } from '../src/integrations/web-push/web-push-settings.js';

/** The queues tests drain in process, in this order, until a round runs nothing. */
const TEST_QUEUES = [
  'ledger-webhook',
  'ledger-pull',
  'ledger-push',
  'ledger-push-failed',
  'auth-email',
  'billing-sweep',
  'billing-quantity',
  'answers-notify',
  'request-arrival',
  'suggestions-refresh',
  'receipt-read',
  'receipt-match',
  'recurring-occurrence',
  'recurring-batch',
  'ledger-attach',
  'client-reminder',
  'review-checks',
] as const;

/** One queue's jobs, with its own handler (a function of its own, so each name keeps its payload's type). */
const drainOne = <N extends JobName>(jobs: JobQueue, handlers: { [Q in JobName]: JobHandler<Q> }, name: N) => jobs.drain(name, handlers[name]);

/** Runs the named queues' jobs with the worker's handlers, round after round, until none is left; answers how many ran. */
export const drainUntilIdle = async (jobs: JobQueue, handlers: { [Q in JobName]: JobHandler<Q> }, queues: readonly JobName[]) => {
  let total = 0;
  for (;;) {
    let ran = 0;
    for (const queue of queues) ran += await drainOne(jobs, handlers, queue);
    total += ran;
    if (ran === 0) return total;
  }
};

export const TEST_APP_URL = 'http://herd.test';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: mkdtempSync(path.join(tmpdir(), 'herd-test-data-')),
  databaseUrl: null,
  databasePoolSize: 10,
  appUrl: TEST_APP_URL,
  secretKey: 'test-secret-key',
  smtpUrl: null,
  mailFrom: 'Herd <no-reply@herd.test>',
  demoData: 'off',
  production: false,
  sandboxes: true,
  logLevel: 'silent',
  trustProxy: false,
  webDistDir: null,
  sentryDsn: null,
  gtmId: null,
  environment: 'test',
  maxUploadBytes: 1024 * 1024,
  storageQuotaBytes: 100 * 1024 ** 3,
  e2eOutbox: false,
  s3: null,
  qbo: { mode: 'builtin-sandbox', clientId: 'herd-test', clientSecret: 'herd-test-secret', webhookVerifierToken: 'herd-test-verifier', baseUrl: null },
  xero: { mode: 'builtin-sandbox', clientId: 'herd-test-xero', clientSecret: 'herd-test-xero-secret', webhookKey: 'herd-test-xero-webhook-key', baseUrl: null },
  outboundTimeoutMs: 10_000,
  pushServiceHosts: ['push.test'],
  webPush: parseWebPushSettings({}, 'test-secret-key', TEST_APP_URL, 'Herd <no-reply@herd.test>', 10_000),
  // Nothing listens there: the Karbon tests start Karbon's simulator and point here at it.
  karbonBaseUrl: 'http://127.0.0.1:9',
  ledgerSyncIntervalMs: 4 * 3_600_000,
  // Nothing listens there: the SMS tests start Twilio's simulator and point here at it.
  sms: { mode: 'twilio', baseUrl: 'http://127.0.0.1:9', accountSid: 'AC00000000000000000000000000000000', authToken: 'test-token', from: '+15005550006' },
  featureFlagDefaults: [],
  billing: parseBillingSettings({}, 'test-secret-key'),
  inbound: {
    domain: 'inbound.herd.test',
    smtpPort: null,
    smtpHost: '127.0.0.1',
    webhookSecret: 'test-inbound-webhook-secret',
    maxMessageBytes: 2 * 1024 * 1024,
    senderAuth: { requireAuthResults: true, authservIds: null },
  },
  ...overrides,
});

/** A new database copied from the run's PostgreSQL template, with its URL; closing it drops it. */
const copyPostgresTemplate = async (url: string, template: string): Promise<Database & { url: string }> => {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  const copyUrl = await createDatabaseFromTemplate(url, name, template);
  const database = fromPostgresUrl(copyUrl);
  return {
    ...database,
    url: copyUrl,
    close: async () => {
      await database.close();
      await dropDatabase(url, name);
    },
  };
};

/** On a PostgreSQL run, a fresh copy of the run's template and its URL (for a test that starts processes of its own); else null. */
export const openPostgresTestDatabase = async (): Promise<(Database & { url: string }) | null> => {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  return template && url ? copyPostgresTemplate(url, template) : null;
};

/** The run's PGlite template, read once per worker. */
let pgliteTemplate: Blob | null = null;

/** A fresh copy of the run's PGlite template, opened in memory; closing it lets it go. */
const copyPgliteTemplate = async (): Promise<Database> => {
  const templateFile = inject('pgliteTemplateFile');
  if (!templateFile) throw new Error('global setup did not prepare a template database');
  pgliteTemplate ??= new Blob([readFileSync(templateFile)]);
  return fromPglite(await PGlite.create({ loadDataDir: pgliteTemplate }));
};

/** The worker's reused database: on PostgreSQL a template copy each file reaches with a pool of its own; on PGlite one open copy. */
const workerDatabase = reusedDatabase(async () => {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const copy = await copyPostgresTemplate(url, template);
    const admin = fromPostgresUrl(copy.url, 1);
    return {
      open: () => fromPostgresUrl(copy.url),
      admin: admin.executeSql,
      dispose: async () => {
        await admin.close();
        await copy.close();
      },
    };
  }
  const copy = await copyPgliteTemplate();
  // Files share the one session: closing a file's handle leaves it open for the next.
  return { open: () => ({ ...copy, close: async () => {} }), admin: copy.executeSql, dispose: copy.close };
});

/**
 * A migrated database for one test file, in the state of the run's template: the worker's reused
 * database (test/reused-database.ts), or, when the file already holds that one, a copy of its own.
 */
export const openTestDatabase = async (): Promise<Database> => (await workerDatabase()) ?? (await openPostgresTestDatabase()) ?? (await copyPgliteTemplate());

/** A transport that records what would have been delivered (the outbox table keeps it too). */
export interface RecordedMail {
  to: string;
  subject: string;
  text: string;
  replyTo: string | null;
  headers: Record<string, string>;
}

export const recordingTransport = (): MailTransport & { delivered: RecordedMail[] } => {
  const delivered: RecordedMail[] = [];
  return {
    name: 'outbox',
    delivered,
    async deliver(mail) {
      delivered.push({ to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo ?? null, headers: mail.headers ?? {} });
    },
  };
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Runs every waiting job of the queues now, in order, until none is left: what a worker would do. */
  runJobs(): Promise<number>;
  /**
   * The text of the newest email delivered to `to`, after running waiting jobs (some emails are written by a
   * job, after the answer). Read from the transport: the outbox keeps no usable link once an email is sent.
   */
  lastMailTo(to: string): Promise<string>;
  /** The newest email delivered to `to`, whole (its Reply-To included), after running waiting jobs. */
  lastMailOf(to: string): Promise<RecordedMail>;
  /** Closes the app and its database; throws if any transaction's status changed against the table or without an audit entry (test/status-audit.ts). */
  close(): Promise<void>;
}

export const createTestApp = async (overrides: Partial<Config> = {}, transport?: MailTransport, qbo: { pageSize?: number } = {}): Promise<TestApp> => {
  const database = await openTestDatabase();
  await installStatusRecorder(database.db);
  const recording = transport ? null : recordingTransport();
  const mailTransport = transport ?? recording!;
  // Tests drain the queues themselves; queue maintenance errors would only be noise here.
  const jobs = await createJobQueue(database.executeSql, () => {}, { supervise: false });
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    qbo: { retryBaseMs: 5, ...qbo },
    xero: { retryBaseMs: 5 },
    // A Web Connector that stops answering is taken as gone in seconds, not minutes.
    connectors: { answerTimeoutMs: 1500 },
    mailer: (a) =>
      createMailer(database.db, mailTransport, a.log, { keepLinks: overrides.e2eOutbox ?? false, links: { appUrl: config.appUrl, secretKey: config.secretKey } }),
    logger: false,
  });
  await app.ready();
  const handlers = jobHandlers(app.deps);
  const runJobs = () => drainUntilIdle(jobs, handlers, TEST_QUEUES);
  const lastMailOf = async (to: string) => {
    if (!recording) throw new Error('lastMailTo reads the default recording transport; this app was given its own');
    await runJobs();
    const mail = recording.delivered.findLast((m) => m.to.toLowerCase() === to.toLowerCase());
    if (!mail) throw new Error(`no email was delivered to ${to}`);
    return mail;
  };
  const lastMailTo = async (to: string) => (await lastMailOf(to)).text;
  return {
    app,
    db: database.db,
    runJobs,
    lastMailTo,
    lastMailOf,
    close: async () => {
      const report = await statusChangeReport(database.db);
      await jobs.stop();
      await closeReadingPools();
      await app.close();
      await database.close();
      if (report.violations.length > 0) throw new Error(`Transaction statuses changed outside the status writer:\n${report.violations.join('\n')}`);
    },
  };
};
