/**
 * `npm run bench -- --only=ledger-schedule`: the sync schedule over 1,000 connected QuickBooks companies (the
 * simulator's), on PostgreSQL, on a compressed clock. The companies are connected together and their first,
 * full pulls run, as the connects queue them; then some of their transactions are edited in QuickBooks and
 * the schedule runs for one and a half intervals, which give every company its first scheduled pull (half an
 * interval to one and a half after its connect) and none a second. The sweep runs every five minutes of the
 * simulated clock (two sweeps racing, as two workers' clocks would), and the pulls it queues are drained in
 * place by two loops, through the same outcome recording as the worker's `ledger-pull` handler with the
 * simulated time as its clock. Access tokens lapse every simulated hour (Intuit's last an hour, the interval
 * is four), so each scheduled pull refreshes its grant, as in production.
 *
 * Reports the requests each company cost and the largest burst of requests in one minute of the simulated
 * clock, per realm (QuickBooks allows 500 a minute, and 40 batch requests) and over all realms.
 * `--companies=<n>` runs fewer (or more) companies; 1,000 is the requirement.
 */
import { startBenchApp } from './bench-app.js';
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { startQboSimulator } from '@herd/simulators';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import { clientCompanies, ledgerConnections, transactions } from '../apps/server/src/db/schema/index.js';
import { sealTokens } from '../apps/server/src/integrations/qbo/qbo-session.js';
import { BATCH_REQUESTS_PER_MINUTE } from '../apps/server/src/integrations/qbo/qbo-batch.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { recordPullOutcome, sweepLedgerSyncs } from '../apps/server/src/modules/books/ledger-connections/sync-sweep.job.js';
import { runPull } from '../apps/server/src/modules/books/transactions/ledger-sync.service.js';
import { queuePull } from '../apps/server/src/modules/books/ledger-connections/pull-requests.service.js';

const CLIENT = { clientId: 'herd-bench', clientSecret: 'herd-bench-secret' };
const PER_MINUTE = 500;
const MINUTE = 60_000;
const SWEEP_EVERY = 5 * MINUTE;
const DRAIN_LOOPS = 2;

export interface LedgerScheduleBenchResult {
  /** The connects' first, full pulls (not the schedule's): requests to the accounting API, time, transactions brought in. */
  connect: { requests: number; seconds: number; transactionsHeld: number };
  /** Herd transactions whose copy of the ledger carries an edit made in QuickBooks during the interval. */
  changesBroughtIn: number;
  companies: number;
  intervalHours: number;
  sweeps: number;
  /** Pulls run, and companies pulled once, never, or more than once. */
  pulls: number;
  pulledOnce: number;
  pulledNever: number;
  pulledTwice: number;
  /** Requests to the accounting API, and to Intuit's token endpoint (refreshes). */
  apiRequests: number;
  tokenRequests: number;
  batchRequests: number;
  /** Largest count in one minute of the simulated clock. */
  maxRealmPerMinute: number;
  maxRealmBatchPerMinute: number;
  maxAllRealmsPerMinute: number;
  maxPullsPerSweep: number;
  /** Companies whose refresh token rotated (each pull refreshed the grant). */
  grantsRenewed: number;
  failedPulls: number;
  seconds: number;
  cpuSeconds: number;
  loadAverage: { before: number; after: number };
}

const countTransactions = async (db: Db) => (await db.select({ n: count() }).from(transactions))[0]!.n;
const countEditedNotes = async (db: Db) =>
  (
    await db
      .select({ n: count() })
      .from(transactions)
      .where(sql`${transactions.raw}->>'PrivateNote' = 'Edited in QuickBooks'`)
  )[0]!.n;

const minuteOf = (ms: number) => Math.floor(ms / MINUTE);
const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const largest = (counts: Map<string, number>) => Math.max(0, ...counts.values());

/** `--companies=<n>`: how many companies to connect (1,000 unless given). */
export const companiesFlag = (argv: string[]): number => {
  const companies = Number(argv.find((a) => a.startsWith('--companies='))?.slice('--companies='.length) ?? 1000);
  if (!Number.isInteger(companies) || companies < 1) throw new Error('--companies must be a whole number of companies, 1 or more');
  return companies;
};

export const runLedgerScheduleBench = async (url: string, companies: number): Promise<LedgerScheduleBenchResult> => {
  process.stderr.write(`\nScheduled ledger pulls: ${companies} QuickBooks companies over one interval, on PostgreSQL…\n`);
  const sim = await startQboSimulator({ ...CLIENT, companies: Array.from({ length: companies }, () => ({ transactions: 20 })) });
  const database = fromPostgresUrl(url, 12);
  await database.migrate();
  const { app, jobs, config } = await startBenchApp(
    database,
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'herd-bench-schedule-')),
      QBO_CLIENT_ID: CLIENT.clientId,
      QBO_CLIENT_SECRET: CLIENT.clientSecret,
      QBO_ENVIRONMENT: 'sandbox',
      QBO_BASE_URL: sim.url,
    },
    { onJobError: (err) => console.error(err) },
  );
  const interval = config.ledgerSyncIntervalMs;
  const { db } = app.deps;
  try {
    // Connected together, as a firm's bulk connect (or a migration of connections) would make them.
    const firm = await insertFirm(db, { companyName: 'Schedule bench firm' });
    const box = createSecretBox(config.secretKey);
    const realms = sim.companies().map((c) => c.realmId);
    const start = new Date();
    for (let i = 0; i < realms.length; i += 500) {
      const chunk = realms.slice(i, i + 500);
      const rows = await db
        .insert(clientCompanies)
        .values(chunk.map((realm) => ({ firmId: firm.pk, name: `Company ${realm}`, connectionKind: 'QBO' as const })))
        .returning({ pk: clientCompanies.pk });
      await db.insert(ledgerConnections).values(
        rows.map((row, j) => {
          const tokens = sim.connect(chunk[j]);
          return {
            clientCompanyId: row.pk,
            provider: 'QBO',
            externalCompanyId: chunk[j]!,
            sandbox: true,
            ...sealTokens(box, {
              accessToken: tokens.access_token,
              refreshToken: tokens.refresh_token,
              accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
              refreshExpiresAt: new Date(Date.now() + tokens.x_refresh_token_expires_in * 1000),
            }),
          };
        }),
      );
    }
    const refreshBefore = new Map((await db.select().from(ledgerConnections)).map((c) => [c.clientCompanyId, c.refreshTokenEnc]));

    let simNow = start;
    const pullsOf = new Map<number, number>();
    let failedPulls = 0;
    const pull = async ({ companyPk }: { companyPk: number }) => {
      pullsOf.set(companyPk, (pullsOf.get(companyPk) ?? 0) + 1);
      try {
        await recordPullOutcome(
          app.deps,
          companyPk,
          () => runPull(app.deps, companyPk),
          () => simNow,
        );
      } catch {
        failedPulls += 1;
      }
    };
    const realmMinutes = new Map<string, number>();
    const realmBatchMinutes = new Map<string, number>();
    const allMinutes = new Map<string, number>();
    let [apiRequests, tokenRequests, batchRequests, sweeps, maxPullsPerSweep] = [0, 0, 0, 0, 0];

    // Each connect queues the company's first, full pull: run them all at the start, as the worker would.
    const connectStarted = performance.now();
    const beforeConnect = sim.requests.length;
    for (const companyPk of refreshBefore.keys()) await queuePull(app.deps, companyPk, 'FULL');
    await Promise.all(Array.from({ length: DRAIN_LOOPS }, () => jobs.drain('ledger-pull', pull)));
    const connectRequests = sim.requests.slice(beforeConnect).filter((r) => r.realmId).length;
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    pullsOf.clear();
    const heldAfterConnect = await countTransactions(db);
    // Someone edits two of each company's transactions in QuickBooks meanwhile: each scheduled pull has changes to bring in.
    for (const realm of realms) {
      for (const row of sim.listEntities(realm, 'Purchase').slice(0, 2)) sim.putEntity(realm, 'Purchase', { Id: row.Id, PrivateNote: 'Edited in QuickBooks' });
    }

    const loadBefore = os.loadavg()[0]!;
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    // A company's first slot after its connect is half an interval to one and a half away: one and a half
    // intervals of sweeps give every company its first scheduled pull, and none a second.
    for (let at = SWEEP_EVERY; at <= 1.5 * interval; at += SWEEP_EVERY) {
      simNow = new Date(start.getTime() + at);
      // Every simulated hour the hour-long access tokens run out, at Intuit and in Herd's record of them.
      if (at % (60 * MINUTE) === 0) {
        sim.expireAccessTokens();
        await db.execute(sql`update ledger_connections set access_expires_at = now() - interval '1 minute'`);
      }
      const seen = sim.requests.length;
      const swept = await Promise.all([sweepLedgerSyncs(app.deps, simNow), sweepLedgerSyncs(app.deps, simNow)]);
      sweeps += 2;
      maxPullsPerSweep = Math.max(maxPullsPerSweep, swept[0].queued + swept[1].queued);
      await Promise.all(Array.from({ length: DRAIN_LOOPS }, () => jobs.drain('ledger-pull', pull)));
      // Everything this step sent happened within its simulated minute: the drain takes far less than one.
      const minute = String(minuteOf(simNow.getTime()));
      for (const request of sim.requests.slice(seen)) {
        if (request.realmId) {
          apiRequests += 1;
          bump(realmMinutes, `${request.realmId}:${minute}`);
          bump(allMinutes, minute);
          if (request.path.endsWith('/batch')) {
            batchRequests += 1;
            bump(realmBatchMinutes, `${request.realmId}:${minute}`);
          }
        } else if (request.path.includes('token')) tokenRequests += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const after = await db.select().from(ledgerConnections);
    const counts = after.map((c) => pullsOf.get(c.clientCompanyId) ?? 0);
    return {
      connect: { requests: connectRequests, seconds: connectSeconds, transactionsHeld: heldAfterConnect },
      changesBroughtIn: await countEditedNotes(db),
      companies,
      intervalHours: interval / 3_600_000,
      sweeps,
      pulls: counts.reduce((a, b) => a + b, 0),
      pulledOnce: counts.filter((n) => n === 1).length,
      pulledNever: counts.filter((n) => n === 0).length,
      pulledTwice: counts.filter((n) => n > 1).length,
      apiRequests,
      tokenRequests,
      batchRequests,
      maxRealmPerMinute: largest(realmMinutes),
      maxRealmBatchPerMinute: largest(realmBatchMinutes),
      maxAllRealmsPerMinute: largest(allMinutes),
      maxPullsPerSweep,
      grantsRenewed: after.filter((c) => c.refreshTokenEnc !== refreshBefore.get(c.clientCompanyId)).length,
      failedPulls,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await jobs.stop();
    await app.close();
    await database.close();
    await sim.close();
  }
};

const n = (value: number) => value.toLocaleString('en-US');

export const renderLedgerScheduleReport = (r: LedgerScheduleBenchResult) =>
  [
    '<!-- ledger-schedule:start -->',
    `## Scheduled ledger pulls: ${n(r.companies)} QuickBooks companies over one interval (PostgreSQL, simulator)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load average ${r.loadAverage.before.toFixed(2)} before, ${r.loadAverage.after.toFixed(2)} after), PostgreSQL with fsync off, against the QuickBooks simulator`,
    `(20 transactions a company). The ${n(r.companies)} companies are connected in the same instant and their first, full pulls run (${n(r.connect.requests)} requests, ${r.connect.seconds.toFixed(1)} s,`,
    `${n(r.connect.transactionsHeld)} transactions brought in: the connects' work, not the schedule's). Then two of each company's purchases are edited in QuickBooks, and the schedule runs on a compressed`,
    `clock for one and a half ${r.intervalHours}-hour intervals (a company's first slot after its connect is half an interval to one and a half away, so every company gets its first scheduled pull`,
    `and none a second): two sweeps racing every five simulated minutes (${n(r.sweeps)} sweeps), the pulls drained in place by ${DRAIN_LOOPS} loops through the same outcome recording as the`,
    `worker. Access tokens lapse every simulated hour, so a scheduled pull refreshes its grant first. A minute is one of the simulated clock; QuickBooks allows ${PER_MINUTE} requests a minute per realm`,
    `and ${BATCH_REQUESTS_PER_MINUTE} batch requests. "Edits brought in" counts the transactions Herd holds whose copy now carries the edit; the other edits were to transactions the`,
    'books had categorized already, which go to the ledger history instead.',
    '',
    '| companies | scheduled pulls | pulled once / never / more | API requests | per company | token refreshes | grants renewed | edits brought in | largest burst, one realm, per minute | batch requests, one realm, per minute | largest burst, all realms, per minute | most pulls in one sweep | failed pulls | seconds | CPU seconds |',
    '|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${n(r.companies)} | ${n(r.pulls)} | ${n(r.pulledOnce)} / ${n(r.pulledNever)} / ${n(r.pulledTwice)} | ${n(r.apiRequests)} | ${(r.apiRequests / r.companies).toFixed(2)} (+ ${(r.tokenRequests / r.companies).toFixed(2)} token) | ${n(r.tokenRequests)} | ${n(r.grantsRenewed)} | ${n(r.changesBroughtIn)} | ${r.maxRealmPerMinute} of ${PER_MINUTE} | ${r.maxRealmBatchPerMinute} of ${BATCH_REQUESTS_PER_MINUTE} | ${n(r.maxAllRealmsPerMinute)} | ${r.maxPullsPerSweep} | ${r.failedPulls} | ${r.seconds.toFixed(1)} | ${r.cpuSeconds.toFixed(1)} |`,
    '<!-- ledger-schedule:end -->',
    '',
  ].join('\n');
