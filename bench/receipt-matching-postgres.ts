/**
 * The receipt-matching part of `npm run bench` on PostgreSQL (`--only=receipt-matching-postgres`):
 * the same labelled company as the in-memory run (bench/receipt-matching.ts, same seed), written
 * to the tables — 100,000 card charges and 10,000 read receipts waiting for a match — then the
 * real `receipt-match` job: the company's run (every waiting receipt, as after a bank import),
 * timed whole, and the one-receipt job (as after a receipt is read) timed receipt by receipt on
 * a sample, with the matches reset in between. Precision and recall are read back from what the
 * job wrote (`receipts.transaction_id`).
 */
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import { files, receiptMatches, receipts, transactionAttachments, transactions } from '../apps/server/src/db/schema/index.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { runCompanyReceiptMatch, runReceiptMatch } from '../apps/server/src/modules/files/receipts/receipt-match.job.js';
import { generator, makeReceipts, makeTransactions, percentile, WITH_CHARGE } from './receipt-matching.js';

/** Receipts timed one by one through the one-receipt job (the whole set is timed through the company's run). */
const SAMPLE = 1_000;

export interface ReceiptMatchingPostgresResult {
  postgresVersion: string;
  transactions: number;
  receipts: number;
  withCharge: number;
  seedSeconds: number;
  companyRunSeconds: number;
  /** CPU seconds of the bench's process (the job) during the company run: steadier than wall time on shared cores. */
  companyRunCpu: { job: number };
  autos: number;
  correctAutos: number;
  autosWithoutCharge: number;
  suggestionRows: number;
  sample: number;
  perReceiptMs: { p50: number; p95: number; max: number };
  loadAverage: { before: number; after: number };
  otherWork: string;
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export const seed = async (db: Db) => {
  const gen = generator(2026);
  const { txns, draw } = makeTransactions(gen);
  const labelled = makeReceipts(gen, txns, draw);
  const firm = await insertFirm(db, { companyName: 'Receipt Matching Bench Firm' });
  const company = await insertCompany(db, { firmId: firm.pk, name: 'Card-heavy client', connectionKind: 'CSV' });
  const dbPkOf = new Map<number, number>();
  for (const batch of chunks(txns, 2000)) {
    const rows = await db
      .insert(transactions)
      .values(
        batch.map((t) => ({
          clientCompanyId: company.pk,
          externalId: `card-${t.pk}`,
          ledgerEntityType: 'csv',
          type: 'EXPENSE' as const,
          subtype: 'CARD',
          date: t.date,
          amount: String(t.amount),
          currency: 'USD',
          description: t.description,
          merchantKey: t.merchantKey ?? '',
        })),
      )
      .returning({ pk: transactions.pk });
    batch.forEach((t, i) => dbPkOf.set(t.pk, rows[i]!.pk));
  }
  const truth = new Map<number, number | null>();
  for (const [c, batch] of chunks(labelled, 1000).entries()) {
    const fileRows = await db
      .insert(files)
      .values(
        batch.map((_, i) => ({
          firmId: firm.pk,
          clientCompanyId: company.pk,
          storageKey: `bench/receipt-${c}-${i}.jpg`,
          name: `receipt-${c}-${i}.jpg`,
          contentType: 'image/jpeg',
          size: 1,
          sha256: `${c}-${i}`,
        })),
      )
      .returning({ pk: files.pk });
    const rows = await db
      .insert(receipts)
      .values(
        batch.map((r, i) => ({
          firmId: firm.pk,
          clientCompanyId: company.pk,
          fileId: fileRows[i]!.pk,
          source: 'WEB' as const,
          readState: 'READ' as const,
          vendor: r.vendor === '' ? null : r.vendor,
          receiptDate: r.date,
          total: String(r.total),
          currency: r.currency,
        })),
      )
      .returning({ pk: receipts.pk });
    batch.forEach((r, i) => truth.set(rows[i]!.pk, r.truth === null ? null : dbPkOf.get(r.truth)!));
  }
  // A bulk load is analyzed by autovacuum within a minute; the job meets a database that has been.
  await db.execute(sql`analyze`);
  return { companyPk: company.pk, truth, transactions: txns.length };
};

/** Undoes what matching wrote, so the next run starts from the same waiting receipts. */
export const resetMatches = async (db: Db, companyPk: number) => {
  await db.execute(sql`delete from ${transactionAttachments} using ${transactions}
    where ${transactionAttachments.transactionId} = ${transactions.pk} and ${transactions.clientCompanyId} = ${companyPk}`);
  await db.execute(sql`delete from ${receiptMatches} using ${receipts}
    where ${receiptMatches.receiptId} = ${receipts.pk} and ${receipts.clientCompanyId} = ${companyPk}`);
  await db.update(receipts).set({ transactionId: null, status: 'READY' }).where(eq(receipts.clientCompanyId, companyPk));
  await db.execute(sql`analyze`);
};

/** Other processes busy on the machine while the bench ran (the cores are shared with other engineers' work). */
export const otherWorkNow = () => {
  try {
    const out = execFileSync('ps', ['-eo', 'pcpu=,comm='], { encoding: 'utf8' });
    const busy = out
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter(([cpu]) => Number(cpu) >= 20)
      .map(([cpu, comm]) => `${comm} ${cpu}%`);
    return busy.join(', ') || 'none above 20% CPU';
  } catch {
    return 'unknown';
  }
};

export const runReceiptMatchingPostgresBench = async (databaseUrl: string): Promise<ReceiptMatchingPostgresResult> => {
  const database = fromPostgresUrl(databaseUrl);
  await database.migrate();
  const { db } = database;
  const version = String((await database.executeSql('show server_version')).rows[0]!.server_version);
  const seedStart = performance.now();
  const { companyPk, truth, transactions: txnCount } = await seed(db);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // The job queue the worker has (the charges here are in no ledger, so the job queues nothing on it).
  const jobs = await createJobQueue(database.executeSql, (err) => console.error(err), { supervise: false });
  const loadBefore = os.loadavg()[0]!;
  const otherWork = otherWorkNow();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await runCompanyReceiptMatch({ db, jobs }, companyPk);
  const companyRunSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const companyRunCpu = { job: (cpu.user + cpu.system) / 1e6 };

  const matched = await db
    .select({ pk: receipts.pk, transactionId: receipts.transactionId })
    .from(receipts)
    .where(and(eq(receipts.clientCompanyId, companyPk), isNotNull(receipts.transactionId)));
  const correctAutos = matched.filter((r) => truth.get(r.pk) === r.transactionId).length;
  const autosWithoutCharge = matched.filter((r) => truth.get(r.pk) === null).length;
  const suggestionRows = Number(
    (
      await database.executeSql(
        `select count(*)::int as count from receipt_matches m join receipts r on r.pk = m.receipt_id where r.client_company_id = $1 and m.state = 'SUGGESTED'`,
        [companyPk],
      )
    ).rows[0]!.count,
  );

  // The one-receipt job, as after each receipt is read: a sample, each on the full company.
  await resetMatches(db, companyPk);
  const sample = [...truth.keys()].filter((_, i) => i % Math.floor(truth.size / SAMPLE) === 0).slice(0, SAMPLE);
  const times: number[] = [];
  for (const receiptPk of sample) {
    const t0 = performance.now();
    await runReceiptMatch({ db, jobs }, receiptPk);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const loadAfter = os.loadavg()[0]!;
  await jobs.stop();
  await database.close();
  return {
    postgresVersion: version,
    transactions: txnCount,
    receipts: truth.size,
    withCharge: WITH_CHARGE,
    seedSeconds,
    companyRunSeconds,
    companyRunCpu,
    autos: matched.length,
    correctAutos,
    autosWithoutCharge,
    suggestionRows,
    sample: sample.length,
    perReceiptMs: { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! },
    loadAverage: { before: loadBefore, after: loadAfter },
    otherWork,
  };
};

/** A share as a percentage with one decimal; a dash when there is nothing to share. */
export const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);

export const renderReceiptMatchingPostgresReport = (r: ReceiptMatchingPostgresResult) =>
  [
    '<!-- receipt-matching-postgres:start -->',
    '## Receipt matching on PostgreSQL (the `receipt-match` job)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=receipt-matching-postgres\` (bench/receipt-matching-postgres.ts): PostgreSQL ${r.postgresVersion}`,
    `(a private cluster on this machine, Unix socket, fsync off), the job in the bench's process, one at a time (no concurrency); ${os.cpus().length} cores,`,
    `1-minute load average ${r.loadAverage.before.toFixed(1)} before and ${r.loadAverage.after.toFixed(1)} after; other processes busy when it started: ${r.otherWork}.`,
    `The in-memory run's labelled company (same seed), written to the tables: ${r.transactions.toLocaleString('en-US')} card charges and ${r.receipts.toLocaleString('en-US')} read receipts`,
    `waiting for a match (seeded and analyzed in ${r.seedSeconds.toFixed(0)} s). The job has no exchange rates, so a receipt in euros gets suggestions only. Target: the whole company in 10 s.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| company run (\`runCompanyReceiptMatch\`): all ${r.receipts.toLocaleString('en-US')} receipts, candidates + scoring + matches and suggestions written | ${r.companyRunSeconds.toFixed(2)} s |`,
    `| CPU used by that run in the job's process (whatever else shares the cores) | ${r.companyRunCpu.job.toFixed(2)} s |`,
    `| one-receipt job (\`runReceiptMatch\`), ${r.sample.toLocaleString('en-US')} receipts one by one: p50 / p95 / max | ${r.perReceiptMs.p50.toFixed(1)} / ${r.perReceiptMs.p95.toFixed(1)} / ${r.perReceiptMs.max.toFixed(1)} ms |`,
    `| automatic matches written | ${r.autos.toLocaleString('en-US')} |`,
    `| precision (the matched charge is the receipt's) | ${pct(r.correctAutos, r.autos)} |`,
    `| recall (receipts with a charge matched to it) | ${pct(r.correctAutos, r.withCharge)} |`,
    `| automatic matches of receipts with no charge | ${r.autosWithoutCharge} |`,
    `| suggestions written | ${r.suggestionRows.toLocaleString('en-US')} |`,
    '<!-- receipt-matching-postgres:end -->',
    '',
  ].join('\n');
