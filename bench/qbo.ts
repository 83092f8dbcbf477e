/**
 * The QuickBooks Online part of `npm run bench`: the initial pull of a
 * company of 20,000 transactions (5,000 on watched accounts) from the
 * simulator, and a publish of 500 through QuickBooks' batch endpoint, run as
 * the worker runs them. Reported beside the floor QuickBooks' limits set: the
 * fewest requests the work can take (1,000 rows a page; 30 operations a
 * batch), at 500 requests a minute per realm and 40 batches a minute.
 */
import { startBenchApp } from './bench-app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import { startQboSimulator } from '@herd/simulators';
import { fromPglite, fromPostgresUrl } from '../apps/server/src/db/client.js';
import { ledgerAccounts, ledgerConnections, transactionLines, transactions } from '../apps/server/src/db/schema/index.js';
import { sealTokens } from '../apps/server/src/integrations/qbo/qbo-session.js';
import { createSecretBox } from '../apps/server/src/lib/secret-box.js';
import { BATCH_MAX_ITEMS, BATCH_REQUESTS_PER_MINUTE } from '../apps/server/src/integrations/qbo/qbo-batch.js';
import { jobHandlers } from '../apps/server/src/jobs/handlers.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';

const CLIENT = { clientId: 'herd-bench', clientSecret: 'herd-bench-secret' };
const TRANSACTION_ENTITIES = ['Purchase', 'Deposit', 'JournalEntry', 'Bill', 'VendorCredit', 'SalesReceipt'];
const REF_ENTITIES = ['Account', 'Vendor', 'Customer', 'Class', 'Department', 'TaxCode', 'Item', 'PaymentMethod'];
const PER_MINUTE = 500;
const PAGE = 1000;

export interface QboBenchResult {
  database: string;
  transactions: number;
  pulled: number;
  pull: { seconds: number; requests: number; minimumRequests: number };
  publish: { count: number; seconds: number; requests: number; batches: number; minimumRequests: number; published: number; other: number };
}

export const runQboBench = async (databaseUrl: string | null): Promise<QboBenchResult> => {
  const sim = await startQboSimulator({ ...CLIENT, companies: [{ transactions: 20_000, watchedShare: 0.25 }] });
  const realm = sim.companies()[0]!.realmId;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herd-bench-qbo-'));
  const database = databaseUrl ? fromPostgresUrl(databaseUrl) : fromPglite(await PGlite.create(path.join(dataDir, 'pgdata')));
  await database.migrate();
  const { app, jobs, config } = await startBenchApp(database, {
    DATA_DIR: dataDir,
    QBO_CLIENT_ID: CLIENT.clientId,
    QBO_CLIENT_SECRET: CLIENT.clientSecret,
    QBO_ENVIRONMENT: 'sandbox',
    QBO_BASE_URL: sim.url,
  });
  const { db } = app.deps;
  try {
    const firm = await insertFirm(db, { companyName: 'Bench firm' });
    const company = await insertCompany(db, { firmId: firm.pk, name: 'Bench QuickBooks company', connectionKind: 'QBO', syncDate: '2000-01-01' });
    const tokens = sim.connect(realm);
    await db.insert(ledgerConnections).values({
      clientCompanyId: company.pk,
      provider: 'QBO',
      externalCompanyId: realm,
      sandbox: true,
      ...sealTokens(createSecretBox(config.secretKey), {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
        refreshExpiresAt: new Date(Date.now() + tokens.x_refresh_token_expires_in * 1000),
      }),
    });
    const handlers = jobHandlers(app.deps);

    // The fewest requests a pull can make: one page per 1,000 rows of each list, at least one per list.
    const pages = (entity: string) => Math.max(1, Math.ceil(sim.listEntities(realm, entity).length / PAGE));
    const minimumRequests = [...REF_ENTITIES, ...TRANSACTION_ENTITIES].reduce((n, entity) => n + pages(entity), 0);
    const before = sim.requestCount(realm);
    const pullStart = performance.now();
    await handlers['ledger-pull']({ companyPk: company.pk });
    const pullSeconds = (performance.now() - pullStart) / 1000;
    const pullRequests = sim.requestCount(realm) - before;
    const rows = await db.select().from(transactions).where(eq(transactions.clientCompanyId, company.pk));

    // 500 answered transactions, as the accountant would approve them, then one publish.
    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientCompanyId, company.pk));
    const expense = accounts.find((a) => a.name === 'Office Supplies')!;
    const income = accounts.find((a) => a.name === 'Sales')!;
    const chosen = rows.filter((r) => r.ledgerEntityType !== 'SalesReceipt').slice(0, 500);
    for (const row of chosen) {
      await db
        .update(transactionLines)
        .set({ categoryId: row.type === 'DEPOSIT' ? income.pk : expense.pk })
        .where(eq(transactionLines.transactionId, row.pk));
    }
    const pks = chosen.map((r) => r.pk);
    await db.update(transactions).set({ status: 'FINISHED_IN_HERD' }).where(inArray(transactions.pk, pks));
    await db.update(transactions).set({ status: 'PROCESSING' }).where(inArray(transactions.pk, pks));
    const publishBefore = sim.requests.length;
    const publishStart = performance.now();
    await handlers['ledger-push']({ companyPk: company.pk, action: 'publish', pks, actorUserId: null });
    const publishSeconds = (performance.now() - publishStart) / 1000;
    const publishRequests = sim.requests.slice(publishBefore).filter((r) => r.realmId === realm);
    const published = await db
      .select({ pk: transactions.pk })
      .from(transactions)
      .where(and(inArray(transactions.pk, pks), eq(transactions.status, 'PUBLISHED_IN_PLATFORM')));

    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      transactions: TRANSACTION_ENTITIES.reduce((n, e) => n + sim.listEntities(realm, e).length, 0),
      pulled: rows.length,
      pull: { seconds: pullSeconds, requests: pullRequests, minimumRequests },
      publish: {
        count: pks.length,
        seconds: publishSeconds,
        requests: publishRequests.length,
        batches: publishRequests.filter((r) => r.path.endsWith('/batch')).length,
        // Every sparse update in a full batch: nothing in the simulator is stale or refused.
        minimumRequests: Math.ceil(pks.length / BATCH_MAX_ITEMS),
        published: published.length,
        other: pks.length - published.length,
      },
    };
  } finally {
    await jobs.stop();
    await app.close();
    await database.close();
    await sim.close();
  }
};

export const renderQboReport = (r: QboBenchResult): string => {
  const floorSeconds = (requests: number, perMinute: number) => (requests / perMinute) * 60;
  return [
    '<!-- qbo:start -->',
    '## QuickBooks Online sync (against the simulator)',
    '',
    `Measured on ${r.database}, run as the worker runs the jobs. The simulator holds ${r.transactions.toLocaleString('en-US')} transactions of every kind, ${r.pulled.toLocaleString('en-US')} of them with a line on a watched account. QuickBooks allows ${PER_MINUTE} requests a minute per company, and of those ${BATCH_REQUESTS_PER_MINUTE} batch requests of up to ${BATCH_MAX_ITEMS} operations; the floor is the fewest requests the work can take, sent at that sustained rate (the simulator itself answers in about a millisecond). Both limits are rolling one-minute windows, so work within one minute's allowance is not held back at all.`,
    '',
    '| work | wall time | requests | minimum requests | floor at the sustained limit |',
    '|---|---|---|---|---|',
    `| Initial pull (reference lists + every transaction list, 1,000 rows a page) | ${r.pull.seconds.toFixed(1)} s | ${r.pull.requests} | ${r.pull.minimumRequests} | ${floorSeconds(r.pull.minimumRequests, PER_MINUTE).toFixed(1)} s at ${PER_MINUTE}/min |`,
    `| Publish of ${r.publish.count} (sparse updates, ${BATCH_MAX_ITEMS} a batch request) | ${r.publish.seconds.toFixed(1)} s | ${r.publish.requests} (${r.publish.batches} batch) | ${r.publish.minimumRequests} | ${floorSeconds(r.publish.minimumRequests, BATCH_REQUESTS_PER_MINUTE).toFixed(1)} s at ${BATCH_REQUESTS_PER_MINUTE} batches/min |`,
    '',
    `Publish outcome: ${r.publish.published} published, ${r.publish.other} otherwise. The publish follows the pull in the same minute; its ${r.publish.requests} requests fit in what is left of the realm's window and in the batch window, so nothing waits for the limits and the time is Herd's: building the updates and recording each outcome with its audit entry.`,
    '<!-- qbo:end -->',
    '',
  ].join('\n');
};
