/**
 * The QuickBooks Desktop part of `npm run bench`: the initial pull of a company file of 20,000
 * transactions (5,000 with a line on a watched account) through the simulated Web Connector, and
 * a publish of 500 answers at the next run, on PostgreSQL. The Web Connector stand-in runs a whole
 * session against Herd's SOAP service over loopback HTTP, exactly as the tests do; each round trip
 * is timed from its side (so "server time" is Herd's answer to one SOAP call, HTTP included), and
 * the simulated QuickBooks' own work between calls is the rest of the wall time.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { createQbdSimulator, type WebConnectorRoundTrip } from '@herd/simulators';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { ledgerAccounts, syncErrors, transactionLines, transactions } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { prepareWebConnector } from '../apps/server/src/modules/books/web-connector/web-connector.face.js';
import { findLoginOfCompany, updateLogin } from '../apps/server/src/modules/books/web-connector/web-connector.queries.js';
import { qwcFile } from '../apps/server/src/modules/books/web-connector/qwc-file.format.js';
import { startBenchApp } from './bench-app.js';

const SEED = { transactions: 20_000, watchedTransactions: 5_000 };
const PUBLISHED = 500;
const PASSWORD = 'bench-web-connector-password';

export interface QbdRunFigures {
  seconds: number;
  /** SOAP calls of the session, authenticate to closeConnection. */
  roundTrips: number;
  /** qbXML requests QuickBooks answered. */
  requests: number;
  /** Herd's answer to a SOAP call, timed by the Web Connector: median, 95th percentile, slowest (ms). */
  server: { medianMs: number; p95Ms: number; maxMs: number; totalSeconds: number };
  outcome: string;
}

export interface QbdBenchResult {
  date: Date;
  cpus: number;
  loadAverage: { before: number; after: number };
  database: string;
  pulled: number;
  pull: QbdRunFigures;
  publish: QbdRunFigures & { count: number; published: number; errors: string[] };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

const figuresOf = (seconds: number, outcome: string, requests: number, rounds: WebConnectorRoundTrip[]): QbdRunFigures => {
  const times = rounds.map((r) => r.durationMs).sort((a, b) => a - b);
  return {
    seconds,
    roundTrips: rounds.length,
    requests,
    outcome,
    server: { medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: times.at(-1) ?? 0, totalSeconds: times.reduce((n, t) => n + t, 0) / 1000 },
  };
};

export const runQbdBench = async (databaseUrl: string): Promise<QbdBenchResult> => {
  const loadBefore = os.loadavg()[0]!;
  const database = fromPostgresUrl(databaseUrl);
  await database.migrate();
  const { app, jobs } = await startBenchApp(database, { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'herd-bench-qbd-')) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const local = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { db } = app.deps;
  try {
    const firm = await insertFirm(db, { companyName: 'Bench firm' });
    const company = await insertCompany(db, { firmId: firm.pk, name: 'Bench Desktop company', connectionKind: 'QBD', syncDate: '2000-01-01' });
    await prepareWebConnector(db, company.pk, false);
    await updateLogin(db, company.pk, { passwordHash: await hashPassword(PASSWORD), passwordSetAt: new Date() });
    const login = (await findLoginOfCompany(db, company.pk))!;
    const qwc = qwcFile({ appUrl: local, company, login });
    const sim = createQbdSimulator({ companyName: 'Bench Desktop company', ...SEED });
    const run = async () => {
      const connector = sim.webConnector({ qwc, password: PASSWORD, callTimeoutMs: 120_000 });
      const started = performance.now();
      const outcome = await connector.run();
      return figuresOf((performance.now() - started) / 1000, outcome.outcome, outcome.requestsProcessed, outcome.rounds);
    };

    const pull = await run();
    const rows = await db.select().from(transactions).where(eq(transactions.clientCompanyId, company.pk)).orderBy(transactions.pk);

    // 500 answers spread over every kind that can be written back (a sales receipt's lines are items, not categories), then the next run.
    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, company.pk));
    const expense = accounts.find((a) => a.name === 'Office Supplies')!;
    const income = accounts.find((a) => a.accountType === 'Income' && !a.isWatched)!;
    const writable = rows.filter((row) => row.ledgerEntityType !== 'SalesReceipt');
    const chosen = Array.from({ length: Math.min(PUBLISHED, writable.length) }, (_, i) => writable[Math.floor((i * writable.length) / PUBLISHED)]!);
    for (const row of chosen) {
      await db
        .update(transactionLines)
        .set({ categoryId: row.type === 'DEPOSIT' ? income.pk : expense.pk })
        .where(eq(transactionLines.transactionId, row.pk));
    }
    const pks = chosen.map((r) => r.pk);
    await db.update(transactions).set({ status: 'PROCESSING' }).where(inArray(transactions.pk, pks));
    const publish = await run();
    const published = await db
      .select({ pk: transactions.pk })
      .from(transactions)
      .where(and(inArray(transactions.pk, pks), eq(transactions.status, 'PUBLISHED_IN_PLATFORM')));
    const errors = await db.selectDistinct({ message: syncErrors.message }).from(syncErrors).where(inArray(syncErrors.transactionId, pks));
    const settings = await database.executeSql("select current_setting('server_version') as version, current_setting('fsync') as fsync");
    const notPublished = await db
      .select({ pk: transactions.pk })
      .from(transactions)
      .where(and(inArray(transactions.pk, pks), ne(transactions.status, 'PUBLISHED_IN_PLATFORM')));
    return {
      date: new Date(),
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
      database: `PostgreSQL ${String(settings.rows[0]!.version).split(' ')[0]}, fsync ${String(settings.rows[0]!.fsync)}`,
      pulled: rows.length,
      pull,
      publish: {
        ...publish,
        count: pks.length,
        published: published.length,
        errors: [...errors.map((e) => e.message), ...(notPublished.length ? [`${notPublished.length} not published`] : [])],
      },
    };
  } finally {
    await jobs.stop();
    await app.close();
    await database.close();
  }
};

const count = (n: number) => n.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

const row = (work: string, f: QbdRunFigures) =>
  `| ${work} | ${f.seconds.toFixed(1)} s | ${f.roundTrips} (${f.requests} qbXML requests) | ${ms(f.server.medianMs)} / ${ms(f.server.p95Ms)} / ${ms(f.server.maxMs)} | ${f.server.totalSeconds.toFixed(1)} s | ${(f.seconds - f.server.totalSeconds).toFixed(1)} s | ${f.outcome} |`;

export const renderQbdReport = (r: QbdBenchResult): string =>
  [
    '<!-- qbd:start -->',
    '## QuickBooks Desktop sync (through the simulated Web Connector)',
    '',
    `Measured ${r.date.toISOString().slice(0, 10)} by \`npm run bench -- --only=qbd\` (bench/qbd.ts) on ${r.cpus} cores (load average ${r.loadAverage.before.toFixed(2)} before, ${r.loadAverage.after.toFixed(2)} after), on ${r.database} (a private cluster on this machine, over loopback). The simulated company file holds ${count(SEED.transactions)} transactions of the eight kinds Herd reads, ${count(SEED.watchedTransactions)} of them with a line on a watched account (Uncategorized Expenses or Income, Ask My Accountant); Herd keeps ${count(r.pulled)}. The Web Connector stand-in runs each session against Herd's SOAP service over loopback HTTP and times every call from its side: "server time" is Herd's answer to one SOAP call, HTTP included; the rest of the wall time is the simulated QuickBooks answering the qbXML in the same process. A real Web Connector and QuickBooks add their own time (QuickBooks answers a query of 500 checks in seconds, not milliseconds), which is outside Herd.`,
    '',
    '| work | wall time | SOAP round trips | server time per round trip (median / p95 / slowest) | server time in all | simulated QuickBooks | run |',
    '|---|---|---|---|---|---|---|',
    row('Initial pull (lists, then every kind, 500 a page through iterators)', r.pull),
    row(`Publish of ${r.publish.count} at the next run (50 queries, then 50 Mods, a document)`, r.publish),
    '',
    `Publish outcome: ${r.publish.published} published${r.publish.errors.length > 0 ? `; ${r.publish.errors.map((e) => `“${e}”`).join('; ')}` : ''}. The publish run also pulls what changed since the first (an incremental pull of a few requests).`,
    '<!-- qbd:end -->',
    '',
  ].join('\n');
