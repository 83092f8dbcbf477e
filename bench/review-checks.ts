/**
 * The review-checks part of `npm run bench` (`--only=review-checks`), on PostgreSQL:
 * - **run time**: a client company of 100,000 categorized transactions over the last year, through the real
 *   `review-checks` job (`runReviewChecks`), timed whole, twice (the first run writes every finding, the second meets
 *   them all known, as every run after a pull does);
 * - **precision and recall per check** on that company, whose right answers are known: regular merchants that keep
 *   their category and amount, and planted rows that each check must find (a miscoded row, a fivefold amount, a second
 *   charge the next day, a row naming nobody, a line on a parent account, a streaming charge, equipment without a receipt);
 * - **the demo data**: what the checks find in the demo firm's company, judged by hand in BENCHMARKS.md.
 */
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { REVIEW_CHECKS, type ReviewCheck } from '@herd/contract';
import { eq, sql } from 'drizzle-orm';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import {
  clientCompanies,
  files,
  firms,
  ledgerAccounts,
  reviewFindings,
  transactionAttachments,
  transactionLines,
  transactions,
} from '../apps/server/src/db/schema/index.js';
import { localDriver } from '../apps/server/src/integrations/file-storage/local-driver.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { runReviewChecks } from '../apps/server/src/modules/books/review-checks/review-checks.job.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { DEMO, seedDemo } from '../apps/server/src/seed/demo.js';
import { freshDatabase } from './postgres.js';
import { CATEGORIES, chunks, makeRows, RECEIPT_ABOVE } from './review-checks-company.js';
import { otherWorkNow, pct } from './receipt-matching-postgres.js';

const seedCompany = async (db: Db, today: Date) => {
  const firm = await insertFirm(db, { companyName: 'Review Checks Bench Firm' });
  await db
    .update(firms)
    .set({ reviewChecks: { receipt_above: `${RECEIPT_ABOVE}.00` } })
    .where(eq(firms.pk, firm.pk));
  const company = await insertCompany(db, { firmId: firm.pk, name: 'A year of books', connectionKind: 'GENERIC' });
  const account = async (externalId: string, name: string, parentExternalId: string | null = null) =>
    (await db.insert(ledgerAccounts).values({ clientCompanyId: company.pk, externalId, name, accountType: 'Expense', parentExternalId }).returning())[0]!.pk;
  const plain: number[] = [];
  for (let c = 0; c < CATEGORIES; c++) plain.push(await account(`cat-${c}`, `Expense ${c}`));
  const parent = await account('utilities', 'Utilities');
  const electric = await account('electric', 'Utilities:Electric', 'utilities');
  await account('water', 'Utilities:Water', 'utilities');
  const rows = makeRows(today, { plain, parent, electric });
  const truth = new Map<number, ReviewCheck[]>();
  const attachedPks: number[] = [];
  for (const batch of chunks(rows, 2000)) {
    const inserted = await db
      .insert(transactions)
      .values(
        batch.map((r, i) => ({
          clientCompanyId: company.pk,
          externalId: `bench-${truth.size + i}-${r.date}`,
          ledgerEntityType: 'generic',
          type: 'EXPENSE' as const,
          subtype: 'PURCHASE',
          date: r.date,
          amount: (r.amountCents / 100).toFixed(2),
          payee: r.payee,
          description: r.payee.toUpperCase(),
          merchantKey: r.payee.toLowerCase(),
          status: 'PUBLISHED_IN_PLATFORM' as const,
        })),
      )
      .returning({ pk: transactions.pk });
    await db
      .insert(transactionLines)
      .values(batch.map((r, i) => ({ transactionId: inserted[i]!.pk, position: 0, amount: (r.amountCents / 100).toFixed(2), categoryId: r.category })));
    batch.forEach((r, i) => {
      truth.set(inserted[i]!.pk, r.truth);
      if (r.attached) attachedPks.push(inserted[i]!.pk);
    });
  }
  for (const [c, batch] of chunks(attachedPks, 1000).entries()) {
    const fileRows = await db
      .insert(files)
      .values(
        batch.map((_, i) => ({
          firmId: firm.pk,
          clientCompanyId: company.pk,
          storageKey: `bench/review-${c}-${i}.jpg`,
          name: 'receipt.jpg',
          contentType: 'image/jpeg',
          size: 1,
          sha256: `${c}-${i}`,
        })),
      )
      .returning({ pk: files.pk });
    await db.insert(transactionAttachments).values(batch.map((pk, i) => ({ transactionId: pk, fileId: fileRows[i]!.pk })));
  }
  await db.execute(sql`analyze`);
  return { companyPk: company.pk, truth };
};

export interface CheckScore {
  found: number;
  right: number;
  planted: number;
}

export interface ReviewChecksBenchResult {
  postgresVersion: string;
  transactions: number;
  seedSeconds: number;
  firstRunSeconds: number;
  secondRunSeconds: number;
  secondRunCpu: number;
  findings: number;
  scores: Record<ReviewCheck, CheckScore>;
  demo: { transactions: number; findings: { check: ReviewCheck; reason: string }[] };
  loadAverage: { before: number; after: number };
  otherWork: string;
}

const findingsOf = (db: Db, companyPk: number) =>
  db
    .select({ transactionId: reviewFindings.transactionId, check: reviewFindings.check, reason: reviewFindings.reason })
    .from(reviewFindings)
    .where(eq(reviewFindings.clientCompanyId, companyPk));

const timed = async <T>(work: () => Promise<T>) => {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await work();
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
};

/** The demo firm's company, seeded as `npm start` seeds it, checked with the defaults. */
const demoFindings = async (serverUrl: string) => {
  const database = fromPostgresUrl(await freshDatabase(serverUrl, 'herd_bench_review_demo'));
  await database.migrate();
  const jobs = await createJobQueue(database.executeSql, (err) => console.error(err), { supervise: false });
  try {
    await seedDemo(database.db, localDriver(mkdtempSync(path.join(os.tmpdir(), 'herd-review-demo-'))), jobs);
    const [company] = await database.db.select({ pk: clientCompanies.pk }).from(clientCompanies).where(eq(clientCompanies.name, DEMO.clientCompanyName));
    await runReviewChecks({ db: database.db }, company!.pk);
    const count = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.clientCompanyId, company!.pk));
    const found = await findingsOf(database.db, company!.pk);
    return { transactions: Number(count[0]!.n), findings: found.map((f) => ({ check: f.check, reason: f.reason })) };
  } finally {
    await jobs.stop();
    await database.close();
  }
};

export const runReviewChecksBench = async (serverUrl: string): Promise<ReviewChecksBenchResult> => {
  const database = fromPostgresUrl(await freshDatabase(serverUrl, 'herd_bench_review'));
  await database.migrate();
  const { db } = database;
  const version = String((await database.executeSql('show server_version')).rows[0]!.server_version);
  const today = new Date();
  const seedStart = performance.now();
  const { companyPk, truth } = await seedCompany(db, today);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const loadBefore = os.loadavg()[0]!;
  const otherWork = otherWorkNow();
  const first = await timed(() => runReviewChecks({ db }, companyPk, today));
  const second = await timed(() => runReviewChecks({ db }, companyPk, today));
  const loadAfter = os.loadavg()[0]!;

  const found = await findingsOf(db, companyPk);
  const scores = Object.fromEntries(REVIEW_CHECKS.map((check) => [check, { found: 0, right: 0, planted: 0 }])) as Record<ReviewCheck, CheckScore>;
  for (const expected of truth.values()) for (const check of expected) scores[check].planted += 1;
  for (const f of found) {
    scores[f.check].found += 1;
    if (f.transactionId !== null && truth.get(f.transactionId)?.includes(f.check)) scores[f.check].right += 1;
  }
  await database.close();
  return {
    postgresVersion: version,
    transactions: truth.size,
    seedSeconds,
    firstRunSeconds: first.seconds,
    secondRunSeconds: second.seconds,
    secondRunCpu: second.cpu,
    findings: found.length,
    scores,
    demo: await demoFindings(serverUrl),
    loadAverage: { before: loadBefore, after: loadAfter },
    otherWork,
  };
};

export const renderReviewChecksReport = (r: ReviewChecksBenchResult) =>
  [
    '<!-- review-checks:start -->',
    '## Review checks (the `review-checks` job)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=review-checks\` (bench/review-checks.ts): PostgreSQL ${r.postgresVersion}`,
    `(a private cluster on this machine, Unix socket, fsync off), the job in the bench's process; ${os.cpus().length} cores, 1-minute load average`,
    `${r.loadAverage.before.toFixed(1)} before and ${r.loadAverage.after.toFixed(1)} after; other processes busy when it started: ${r.otherWork}.`,
    `One client company of ${r.transactions.toLocaleString('en-US')} categorized transactions over the last year (seeded and analyzed in ${r.seedSeconds.toFixed(0)} s),`,
    `the default settings and a firm receipt amount of $${RECEIPT_ABOVE.toLocaleString('en-US')}. Target: under 10 s, off the request path.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| first run: every check over the year, ${r.findings.toLocaleString('en-US')} findings written | ${r.firstRunSeconds.toFixed(2)} s |`,
    `| a later run (every finding already known, as after each pull) | ${r.secondRunSeconds.toFixed(2)} s |`,
    `| CPU used by that run in the job's process | ${r.secondRunCpu.toFixed(2)} s |`,
    '',
    'Each check on the labelled company: *planted* rows are those it must find; a finding is *right* when its row was planted for that check.',
    '',
    '| check | planted | found | right | precision | recall |',
    '|---|---:|---:|---:|---:|---:|',
    ...REVIEW_CHECKS.map((check) => {
      const s = r.scores[check];
      return `| \`${check}\` | ${s.planted} | ${s.found} | ${s.right} | ${pct(s.right, s.found)} | ${pct(s.right, s.planted)} |`;
    }),
    '',
    `The demo firm's ${DEMO.clientCompanyName} (${r.demo.transactions} transactions, seeded as \`npm start\` seeds it): ${r.demo.findings.length} finding${r.demo.findings.length === 1 ? '' : 's'}.`,
    ...r.demo.findings.map((f) => `- \`${f.check}\`: ${f.reason}`),
    '<!-- review-checks:end -->',
    '',
  ].join('\n');
