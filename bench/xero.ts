/**
 * The Xero part of `npm run bench`: the initial pull of an organisation of 20,000 transactions
 * (5,000 on watched accounts) from the Xero simulator, and a publish of 500 answers, run as the
 * worker runs them, on PostgreSQL. The simulator keeps Xero's limits (60 requests a minute per
 * organisation) and Herd its own shared minute window of 60, as against Xero, so the wall times
 * are what a real pull and publish take. Reported beside the floor those limits set: the fewest
 * requests the work can take (pages of 100 for the lists Xero pages, one request for each list it
 * does not; up to 50 objects a write), sent at 60 a minute.
 */
import { startBenchApp } from './bench-app.js';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { startXeroSimulator, type XeroRequestLogEntry } from '@herd/simulators';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { ledgerAccounts, ledgerConnections, syncErrors, transactionLines, transactions } from '../apps/server/src/db/schema/index.js';
import { sealTokens } from '../apps/server/src/integrations/oauth2-session.js';
import { XERO_PAGE_SIZE } from '../apps/server/src/integrations/xero/xero-api.js';
import { XERO_CALLS_PER_MINUTE } from '../apps/server/src/integrations/xero/xero-context.js';
import { XERO_REF_LISTS } from '../apps/server/src/integrations/xero/xero-refs.js';
import { XERO_ENTITY_NAMES, XERO_TRANSACTION_ENTITIES } from '../apps/server/src/integrations/xero/xero-transaction-map.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import { jobHandlers } from '../apps/server/src/jobs/handlers.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { isWatchedByDefault } from '../apps/server/src/modules/books/ledger/watched-accounts.rule.js';

const CLIENT = { clientId: 'herd-bench-xero', clientSecret: 'herd-bench-xero-secret' };
const SEED = { transactions: 20_000, watchedTransactions: 5_000 };
const PUBLISHED = 500;
/** Objects the adapter writes in one request (`xero-publish.ts`). */
const PER_WRITE = 50;
/** Xero's per-organisation limit, which the simulator keeps by default and Herd keeps to itself. */
const PER_MINUTE = XERO_CALLS_PER_MINUTE;
/** The lists Xero answers 100 rows a page (`page=`); the others (the chart, tracking, tax rates, items, repeating invoices) come whole in one. */
const PAGED = new Set(['Contacts', 'BankTransactions', 'Invoices', 'PurchaseOrders', 'Quotes', 'ManualJournals']);
/** The statuses a list leaves out unless asked for, as Herd does not ask. */
const HIDDEN: Record<string, { field: string; statuses: string[] }> = {
  Contacts: { field: 'ContactStatus', statuses: ['ARCHIVED'] },
  TrackingCategories: { field: 'Status', statuses: ['ARCHIVED'] },
};

export interface XeroListFigures {
  list: string;
  rows: number;
  requests: number;
  minimumRequests: number;
}

export interface XeroBenchResult {
  date: Date;
  cpus: number;
  /** One-minute load average of the machine before and after the measurements. */
  loadAverage: { before: number; after: number };
  /** The database and its version, e.g. "PostgreSQL 16.4, fsync off". */
  database: string;
  /** Objects in the organisation's transaction lists (a bank transfer is two bank transactions). */
  objects: number;
  pulled: number;
  /** Objects with a line on a watched account that Xero holds voided or deleted: Herd does not bring those in. */
  watchedGone: number;
  pull: { seconds: number; requests: number; throttled: number; minimumRequests: number; lists: XeroListFigures[] };
  /** Seconds idle between the pull's last request and the publish, for the pull's requests to leave the minute window. */
  idleSeconds: number;
  publish: {
    count: number;
    seconds: number;
    requests: number;
    writes: number;
    throttled: number;
    minimumRequests: number;
    byCollection: Record<string, number>;
    published: number;
    other: number;
    errors: string[];
  };
}

/** The fewest requests a list takes: a page per 100 rows (at least one) where Xero pages it, else one. */
const minimumFor = (list: string, rows: number) => (PAGED.has(list) ? Math.max(1, Math.ceil(rows / XERO_PAGE_SIZE)) : 1);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const runXeroBench = async (databaseUrl: string): Promise<XeroBenchResult> => {
  const loadBefore = os.loadavg()[0]!;
  const sim = await startXeroSimulator({ ...CLIENT, organisations: [SEED] });
  const tenant = sim.organisations()[0]!.tenantId;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herd-bench-xero-'));
  const database = fromPostgresUrl(databaseUrl);
  await database.migrate();
  // Herd's own minute window stays at Xero's 60 (no `xero: { callsPerMinute }`), as in production.
  const { app, jobs, config } = await startBenchApp(database, {
    DATA_DIR: dataDir,
    XERO_CLIENT_ID: CLIENT.clientId,
    XERO_CLIENT_SECRET: CLIENT.clientSecret,
    XERO_BASE_URL: sim.url,
  });
  const { db } = app.deps;
  const apiCalls = (from: number) => sim.requests.slice(from).filter((r) => r.tenantId === tenant);
  const throttled = (calls: XeroRequestLogEntry[]) => calls.filter((r) => r.status === 429).length;
  try {
    const firm = await insertFirm(db, { companyName: 'Bench firm' });
    const company = await insertCompany(db, { firmId: firm.pk, name: 'Bench Xero organisation', connectionKind: 'XERO', syncDate: '2000-01-01' });
    const tokens = sim.connect(tenant);
    await db.insert(ledgerConnections).values({
      clientCompanyId: company.pk,
      provider: 'XERO',
      externalCompanyId: tenant,
      sandbox: true,
      ...sealTokens(createSecretBox(config.secretKey), {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token!,
        accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
        refreshExpiresAt: new Date(Date.now() + 60 * 86_400_000),
      }),
    });
    const handlers = jobHandlers(app.deps);

    // What each list holds, as Herd asks for it (every transaction is after the sync date of 2000).
    const visible = (list: string) => {
      const hidden = HIDDEN[list];
      return sim.listEntities(tenant, list).filter((row) => !hidden || !hidden.statuses.includes(String(row[hidden.field])));
    };
    const collections = [...XERO_REF_LISTS, ...XERO_ENTITY_NAMES.map((e) => XERO_TRANSACTION_ENTITIES[e].collection)];
    const rowsOf = new Map(collections.map((list) => [list, visible(list).length]));
    const watchedCodes = new Set(sim.listEntities(tenant, 'Accounts').flatMap((a) => (isWatchedByDefault(String(a.Name)) ? [String(a.Code), String(a.AccountID)] : [])));
    const watchedGone = XERO_ENTITY_NAMES.reduce((n, entity) => {
      const { collection, lines } = XERO_TRANSACTION_ENTITIES[entity];
      const gone = sim.listEntities(tenant, collection).filter((row) => {
        const onWatched = ((row[lines] as Record<string, unknown>[] | undefined) ?? []).some(
          (l) => watchedCodes.has(String(l.AccountCode)) || watchedCodes.has(String(l.AccountID)),
        );
        return onWatched && ['VOIDED', 'DELETED'].includes(String(row.Status));
      });
      return n + gone.length;
    }, 0);

    const pullFrom = sim.requests.length;
    const pullStart = performance.now();
    await handlers['ledger-pull']({ companyPk: company.pk });
    const pullSeconds = (performance.now() - pullStart) / 1000;
    const pullCalls = apiCalls(pullFrom);
    const lists = collections.map((list) => ({
      list,
      rows: rowsOf.get(list)!,
      requests: pullCalls.filter((r) => r.path.endsWith(`/${list}`)).length,
      minimumRequests: minimumFor(list, rowsOf.get(list)!),
    }));
    const rows = await db.select().from(transactions).where(eq(transactions.clientCompanyId, company.pk)).orderBy(transactions.pk);

    // A publish comes some time after the first pull: it starts once the pull's requests have left
    // the minute window (Xero's and Herd's), so its time is its own. Right after the pull it would first wait for room.
    const lastPullCall = pullCalls.at(-1)?.at ?? sim.now();
    const idleMs = Math.max(0, lastPullCall + 61_000 - sim.now());
    await sleep(idleMs);

    // 500 answered transactions spread over every kind pulled, as the accountant would approve them, then one publish.
    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, company.pk));
    const expense = accounts.find((a) => a.name === 'Office Expenses')!;
    const income = accounts.find((a) => a.name === 'Sales')!;
    const chosen = Array.from({ length: Math.min(PUBLISHED, rows.length) }, (_, i) => rows[Math.floor((i * rows.length) / PUBLISHED)]!);
    for (const row of chosen) {
      await db
        .update(transactionLines)
        .set({ categoryId: row.type === 'DEPOSIT' ? income.pk : expense.pk })
        .where(eq(transactionLines.transactionId, row.pk));
    }
    const pks = chosen.map((r) => r.pk);
    await db.update(transactions).set({ status: 'FINISHED_IN_HERD' }).where(inArray(transactions.pk, pks));
    await db.update(transactions).set({ status: 'PROCESSING' }).where(inArray(transactions.pk, pks));
    const byCollection: Record<string, number> = {};
    for (const row of chosen) {
      const collection = XERO_TRANSACTION_ENTITIES[row.ledgerEntityType as keyof typeof XERO_TRANSACTION_ENTITIES].collection;
      byCollection[collection] = (byCollection[collection] ?? 0) + 1;
    }
    const publishFrom = sim.requests.length;
    const publishStart = performance.now();
    await handlers['ledger-push']({ companyPk: company.pk, action: 'publish', pks, actorUserId: null });
    const publishSeconds = (performance.now() - publishStart) / 1000;
    const publishCalls = apiCalls(publishFrom);
    const published = await db
      .select({ pk: transactions.pk })
      .from(transactions)
      .where(and(inArray(transactions.pk, pks), eq(transactions.status, 'PUBLISHED_IN_PLATFORM')));
    const settings = await database.executeSql("select current_setting('server_version') as version, current_setting('fsync') as fsync");
    const errors = await db.selectDistinct({ message: syncErrors.message }).from(syncErrors).where(inArray(syncErrors.transactionId, pks));

    return {
      date: new Date(),
      cpus: os.cpus().length,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
      database: `PostgreSQL ${String(settings.rows[0]!.version).split(' ')[0]}, fsync ${String(settings.rows[0]!.fsync)}`,
      objects: XERO_ENTITY_NAMES.reduce((n, e) => n + rowsOf.get(XERO_TRANSACTION_ENTITIES[e].collection)!, 0),
      pulled: rows.length,
      watchedGone,
      pull: {
        seconds: pullSeconds,
        requests: pullCalls.length,
        throttled: throttled(pullCalls),
        minimumRequests: lists.reduce((n, l) => n + l.minimumRequests, 0),
        lists,
      },
      idleSeconds: idleMs / 1000,
      publish: {
        count: pks.length,
        seconds: publishSeconds,
        requests: publishCalls.length,
        writes: publishCalls.filter((r) => r.method === 'POST').length,
        throttled: throttled(publishCalls),
        // Xero writes one collection a request: each kind's answers in full requests of 50.
        minimumRequests: Object.values(byCollection).reduce((n, count) => n + Math.ceil(count / PER_WRITE), 0),
        byCollection,
        published: published.length,
        other: pks.length - published.length,
        errors: errors.map((e) => e.message),
      },
    };
  } finally {
    await jobs.stop();
    await app.close();
    await database.close();
    await sim.close();
  }
};

const count = (n: number) => n.toLocaleString('en-US');
const duration = (seconds: number) => (seconds >= 90 ? `${seconds.toFixed(0)} s (${(seconds / 60).toFixed(1)} min)` : `${seconds.toFixed(1)} s`);
/** The fewest requests sent at the sustained limit: `requests / 60` minutes. */
const sustainedFloor = (requests: number) => (requests / PER_MINUTE) * 60;
/** When the last of them may go in a rolling window that starts empty: the first 60 at once, then 60 each minute. */
const rollingFloor = (requests: number) => Math.floor(Math.max(0, requests - 1) / PER_MINUTE) * 60;

export const renderXeroReport = (r: XeroBenchResult): string => {
  const lists = r.pull.lists.map((l) => `${l.list} ${count(l.rows)} rows: ${l.requests} (${l.minimumRequests})`).join('; ');
  const kinds = Object.entries(r.publish.byCollection)
    .map(([collection, n]) => `${count(n)} ${collection}`)
    .join(', ');
  return [
    '<!-- xero:start -->',
    '## Xero sync (against the simulator)',
    '',
    `Measured ${r.date.toISOString().slice(0, 10)} by \`npm run bench -- --only=xero\` (bench/xero.ts) on ${r.cpus} cores (load average ${r.loadAverage.before.toFixed(2)} before, ${r.loadAverage.after.toFixed(2)} after), on ${r.database} (a private cluster on this machine, over loopback), run as the worker runs the jobs, against the Xero simulator started in the bench's own process (loopback HTTP; it answers in about a millisecond). The organisation holds ${count(SEED.transactions)} transactions (${count(r.objects)} objects in its transaction lists, a bank transfer being two bank transactions), ${count(SEED.watchedTransactions)} of them with a line on a watched account (Suspense or Ask My Accountant); Herd keeps ${count(r.pulled)} (the other ${count(r.watchedGone)} are voided or deleted in Xero, which Herd does not bring in).`,
    '',
    `Xero allows ${PER_MINUTE} requests a minute per organisation. The simulator keeps that limit and Herd its own minute window of ${PER_MINUTE} (shared by every process through the database), as against Xero, so the wall times are those of a real organisation, not Herd's work alone. The floor is the fewest requests the work can take: for the pull, a page per ${XERO_PAGE_SIZE} rows (at least one) of each list Xero pages (contacts, bank transactions, invoices, purchase orders, quotes, manual journals) and one request for each list it sends whole (the chart, tracking categories, tax rates, items, repeating invoices); for the publish, a request per ${PER_WRITE} answers of each kind (Xero writes one collection a request). "At the sustained limit" is those requests at ${PER_MINUTE} a minute; both windows are rolling minutes, so the first ${PER_MINUTE} go at once and the last of N requests can go no earlier than ⌊(N−1)/${PER_MINUTE}⌋ minutes after the first.`,
    '',
    '| work | wall time | requests | minimum requests | floor at the sustained limit | earliest the last request can go (rolling window) |',
    '|---|---|---|---|---|---|',
    `| Initial pull (reference lists + every transaction list, ${XERO_PAGE_SIZE} rows a page) | ${duration(r.pull.seconds)} | ${r.pull.requests} (${r.pull.throttled} refused with 429) | ${r.pull.minimumRequests} | ${duration(sustainedFloor(r.pull.minimumRequests))} at ${PER_MINUTE}/min | ${duration(rollingFloor(r.pull.minimumRequests))} |`,
    `| Publish of ${r.publish.count} (up to ${PER_WRITE} objects a request) | ${duration(r.publish.seconds)} | ${r.publish.requests} (${r.publish.writes} writes, ${r.publish.throttled} refused with 429) | ${r.publish.minimumRequests} | ${duration(sustainedFloor(r.publish.minimumRequests))} at ${PER_MINUTE}/min | ${duration(rollingFloor(r.publish.minimumRequests))} |`,
    '',
    `Requests of the pull by list (minimum in brackets): ${lists}.`,
    '',
    `The answers published are spread over every kind pulled (${kinds}). Publish outcome: ${r.publish.published} published, ${r.publish.other} otherwise${r.publish.errors.length > 0 ? ` (${r.publish.errors.map((e) => `“${e}”`).join('; ')})` : ''}. The publish started ${r.idleSeconds.toFixed(0)} s after the pull's last request, once that request had left the minute window, as a publish would some time after the first pull; right after the pull it would first wait for room.`,
    '<!-- xero:end -->',
    '',
  ].join('\n');
};
