/**
 * `npm run bench`: seeds 1,000 companies × 200 transactions plus one company
 * of 100,000, on PostgreSQL (BENCH_DATABASE_URL, or a private cluster this
 * script starts when it can) and on PGlite, then measures the transaction
 * endpoints under 10 concurrent clients beside the raw SQL of the same query.
 * `--write` records the results in BENCHMARKS.md (keeping its hand-written
 * "Reading these figures" section). BENCH_SCALE shrinks the data for a quick
 * try (e.g. 0.05); `--only=postgres` or `--only=pglite` runs one database;
 * `--only=qbo` runs only the QuickBooks Online sync part (bench/qbo.ts),
 * `--only=karbon` only the Karbon events part, on PostgreSQL at Karbon's 120 requests a minute (bench/karbon.ts; about nine minutes),
 * `--only=qbd` only the QuickBooks Desktop sync part, on PostgreSQL through the simulated Web Connector (bench/qbd.ts),
 * `--only=xero` only the Xero sync part, on PostgreSQL at Xero's 60 requests a minute (bench/xero.ts; several minutes),
 * `--only=first-load` only the bytes a browser downloads (bench/first-load.ts),
 * `--only=suggestions` only the suggestions' quality and job time (bench/suggestions.ts; `suggestions-pglite`
 * or `suggestions-postgres` for one database),
 * `--only=client-effort` only the keys a client presses from the emailed link (bench/client-effort.ts),
 * `--only=receipt-matching` only the matching of receipts to charges, in memory (bench/receipt-matching.ts),
 * `--only=reply-matching` only how answers are read from the replies written for the tests (bench/reply-matching.ts),
 * `--only=receipt-matching-postgres` the same company in PostgreSQL through the `receipt-match` job (bench/receipt-matching-postgres.ts),
 * `--only=review-checks` only the review checks over a labelled year of 100,000 transactions and the demo company, on PostgreSQL (bench/review-checks.ts),
 * `--only=ocr` only reading receipt files: seconds per file and fields right (bench/ocr.ts),
 * `--only=hostile-files` only the health check's latency while hostile receipt files are read (bench/hostile-files.ts),
 * `--only=recurring` only 10,000 recurring schedules due at once, two workers racing, on PostgreSQL (bench/recurring.ts),
 * `--only=communications-lists` only the communications lists with 100,000 in one firm, 10 clients, on PostgreSQL (bench/communications-lists.ts),
 * `--only=documents-render` only a 10,000-file folder in Chromium, `--only=documents-lists` only the Documents listings over 100,000 files on PostgreSQL (bench/documents-sections.ts),
 * `--only=reminders` only a reminder day over 1,000 client companies and 5,000 client users, on PGlite and PostgreSQL
 * (bench/reminders.ts; `reminders-pglite` or `reminders-postgres` for one database),
 * `--only=answers` only 50 clients answering transactions at once for 60 s, on PostgreSQL (bench/answers.ts),
 * `--only=unread-count` only the bell's unread count with 100,000 notifications in one firm, 10 clients, on PostgreSQL (bench/unread-count.ts),
 * `--only=ledger-schedule` only one interval of scheduled ledger pulls over 1,000 QuickBooks companies on a compressed clock, on PostgreSQL
 * (bench/ledger-schedule.ts; `--companies=<n>` for another number),
 * `--only=scale` only a company growing to 10 million transactions and files, on PostgreSQL (bench/scale.ts; `--sizes=…`), `--only=clients-table` the clients table (bench/clients-table.ts).
 *
 * `--against=REF` runs another commit beside the working tree and `--compare` the commit BENCHMARKS.md's
 * figures came from (bench/against.ts, docs/benchmarks.md).
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIZED_FILTER } from './floor.js';
import { runLoad, type LoadRequest, type LoadResult } from './load.js';
import type { BenchData } from './seed.js';
import { BENCH_PASSWORD } from './seed.js';
import { mergeReport, renderReport, writeSection, type TargetResult } from './report.js';
import { renderClientEffortReport, runClientEffortBench } from './client-effort.js';
import { renderFirstLoadReport, runFirstLoadBench, signInWithinBudget } from './first-load.js';
import { runLedgerSections } from './ledger-sections.js';
import { renderReceiptMatchingReport, runReceiptMatchingBench } from './receipt-matching.js';
import { renderReplyMatchingReport, runReplyMatchingBench } from './reply-matching.js';
import { renderReceiptMatchingPostgresReport, runReceiptMatchingPostgresBench } from './receipt-matching-postgres.js';
import { renderReviewChecksReport, runReviewChecksBench } from './review-checks.js';
import { renderOcrReport, runOcrBench } from './ocr.js';
import { renderHostileFilesReport, runHostileFilesBench } from './hostile-files.js';
import { renderSuggestionReport, runSuggestionBench } from './suggestions.js';
import { renderRecurringReport, runRecurringBench } from './recurring.js';
import { renderCommunicationsListsReport, runCommunicationsListsBench } from './communications-lists.js';
import { runDocumentsSections } from './documents-sections.js';
import { runClientsTableSection } from './clients-table.js';
import { SEPARATE_PARTS } from './separate-parts.js';
import { renderRemindersReport, runRemindersBench } from './reminders.js';
import { renderUnreadCountReport, runUnreadCountBench } from './unread-count.js';
import { signInAs, type BenchSession } from './sign-in.js';
import { freshDatabase, postgresServerUrl } from './postgres.js';
import { againstRef, sideBySide } from './against-cli.js';
import { renderScaleReport, runScaleBench, sizesFlag } from './scale.js';
import { renderAnswersReport, runAnswersBench } from './answers.js';
import { companiesFlag, renderLedgerScheduleReport, runLedgerScheduleBench } from './ledger-schedule.js';

const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
const root = path.resolve(import.meta.dirname, '..');

const startServer = (env: Record<string, string>) =>
  new Promise<{ child: ReturnType<typeof fork>; port: number; data: BenchData; seedSeconds: number }>((resolve, reject) => {
    // BENCH_CPU_PROF_DIR: write a CPU profile of the server there (written when it stops).
    const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
    const child = fork(path.join(import.meta.dirname, 'server.ts'), { execArgv: [...profile, '--import', 'tsx'], env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (msg: { type: string; port: number; data: BenchData; seedSeconds: number }) => {
      if (msg.type === 'ready') resolve({ child, port: msg.port, data: msg.data, seedSeconds: msg.seedSeconds });
    });
  });

const floorsOf = (child: ReturnType<typeof fork>) =>
  new Promise<Record<string, { p50: number; p95: number }>>((resolve) => {
    child.on('message', (msg: { type: string; floors: Record<string, { p50: number; p95: number }> }) => {
      if (msg.type === 'floors') resolve(msg.floors);
    });
    child.send({ type: 'floor' });
  });

const benchTarget = async (name: string, env: Record<string, string>): Promise<TargetResult> => {
  process.stderr.write(`\n${name}: seeding…\n`);
  const { child, port, data, seedSeconds } = await startServer(env);
  const base = `http://127.0.0.1:${port}`;
  try {
    const accountant = await signInAs(base, data.accountantEmail, BENCH_PASSWORD);
    const client = await signInAs(base, data.clientEmail, BENCH_PASSWORD);
    const get = (who: { cookie: string }, url: string) => ({ url: `${base}${url}`, headers: { cookie: who.cookie } });
    const company = data.bigCompanyPk;
    const filter = new URLSearchParams({ ...CATEGORIZED_FILTER, markers: CATEGORIZED_FILTER.markers.join(',') }).toString();
    const scenarios: [string, LoadRequest][] = [
      ['clientActive', get(client, `/api/v1/accounting/client/company/${company}/transactions/list/`)],
      ['categorizedFiltered', get(accountant, `/api/v1/accounting/accountant/client-company/${company}/transactions/categorized-list/?${filter}`)],
      ['counters', get(accountant, `/api/v1/accounting/accountant/client-company/${company}/counters/`)],
    ];
    const load: Record<string, LoadResult> = {};
    // Other work on the machine inflates every figure: record how busy it was around the measurement.
    const loadBefore = os.loadavg()[0]!;
    for (const [key, request] of scenarios) {
      process.stderr.write(`${name}: ${key}…\n`);
      load[key] = await runLoad(request, { connections: CONNECTIONS, durationMs: DURATION_MS });
    }
    const bulk = await bulkUpdate(base, accountant, company);
    const floors = await floorsOf(child);
    const loadAfter = os.loadavg()[0]!;
    return {
      name,
      transactions: data.transactions,
      bigCompanyTransactions: data.bigCompanyTransactions,
      seedSeconds,
      load,
      floors,
      bulk,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  } finally {
    child.removeAllListeners('exit');
    child.send({ type: 'stop' });
  }
};

/** PATCH of 500 transactions (a memo each), five times in a row. */
const bulkUpdate = async (base: string, who: BenchSession, company: number) => {
  const pks: number[] = [];
  for (let page = 1; pks.length < 500; page++) {
    const res = await fetch(`${base}/api/v1/accounting/accountant/client-company/${company}/transactions/list/?page_size=100&page=${page}`, {
      headers: { cookie: who.cookie },
    });
    const body = (await res.json()) as { results: { pk: number }[] };
    if (body.results.length === 0) break;
    pks.push(...body.results.map((r) => r.pk));
  }
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const res = await fetch(`${base}/api/v1/accounting/accountant/client-company/${company}/transactions/update/`, {
      method: 'PATCH',
      headers: { cookie: who.cookie, 'x-csrftoken': who.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: pks.slice(0, 500).map((pk) => ({ pk, client_memo: `bench run ${run}` })) }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`bulk update failed: ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { count: Math.min(500, pks.length), median: times[2]!, max: times[4]! };
};

/** A fresh database for the run on the PostgreSQL given or started (bench/postgres.ts), or null when there is none. */
const postgresUrl = async (): Promise<string | null> => {
  const server = postgresServerUrl();
  return server ? freshDatabase(server, 'herd_bench') : null;
};

/** The answers under load, on a database of their own beside the lists' one. */
const answersOn = async (pgUrl: string) => {
  process.stderr.write('\nAnswers under load: 50 clients answering at once for 60 s, on PostgreSQL…\n');
  return runAnswersBench(await freshDatabase(pgUrl, 'herd_bench_answers'));
};

const main = async () => {
  const ref = againstRef();
  // Exit 1: a figure is worse; 3: a difference the machine's noise could explain (run again).
  if (ref) process.exit({ holds: 0, worse: 1, unsure: 3 }[await sideBySide(ref, process.argv.includes('--write'), DURATION_MS)]);
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const results: TargetResult[] = [];
  const withoutDatabase = [
    'reminders-pglite',
    'pglite',
    'first-load',
    'client-effort',
    'suggestions-pglite',
    'receipt-matching',
    'reply-matching',
    'ocr',
    'hostile-files',
  ];
  const pgUrl = only !== undefined && withoutDatabase.includes(only) ? null : await postgresUrl();
  const file = path.join(root, 'BENCHMARKS.md');
  const write = process.argv.includes('--write');
  if (!only || only === 'first-load') {
    process.stderr.write('\nFirst load in Chromium: the sign-in page and both dashboards…\n');
    const loads = await runFirstLoadBench();
    const firstLoad = renderFirstLoadReport(loads);
    process.stdout.write(`${firstLoad}\n`);
    if (!signInWithinBudget(loads)) process.exitCode = 1;
    if (write) writeSection(file, 'first-load', firstLoad);
  }
  if (!only || only === 'client-effort') {
    process.stderr.write('\nClient effort in Chromium: 20 answers with the keyboard only, from the emailed link…\n');
    const effort = renderClientEffortReport(await runClientEffortBench());
    process.stdout.write(`${effort}\n`);
    if (write) writeSection(file, 'client-effort', effort);
  }
  if (!only || only.startsWith('suggestions')) {
    process.stderr.write('\nSuggestions: labelled history, quality and job time…\n');
    // `--only=suggestions-pglite` or `--only=suggestions-postgres` runs one database.
    const runs = [...(only === 'suggestions-postgres' ? [] : [await runSuggestionBench(null)]), ...(pgUrl ? [await runSuggestionBench(pgUrl)] : [])];
    const section = renderSuggestionReport(runs);
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'suggestions', section);
  }
  if (!only || only === 'receipt-matching') {
    process.stderr.write('\nReceipt matching: 10,000 labelled receipts against 100,000 charges, in memory…\n');
    const section = renderReceiptMatchingReport(runReceiptMatchingBench());
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'receipt-matching', section);
  }
  if (!only || only === 'reply-matching') {
    process.stderr.write('\nAnswers read from replies: the written replies judged…\n');
    const section = renderReplyMatchingReport(runReplyMatchingBench());
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'reply-matching', section);
  }
  if (!only || only === 'receipt-matching-postgres') {
    if (pgUrl) {
      process.stderr.write('\nReceipt matching on PostgreSQL: the receipt-match job over 10,000 receipts and 100,000 charges…\n');
      const section = renderReceiptMatchingPostgresReport(await runReceiptMatchingPostgresBench(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'receipt-matching-postgres', section);
    } else process.stderr.write('Receipt matching on PostgreSQL skipped: set BENCH_DATABASE_URL (or run as root with PostgreSQL installed).\n');
  }
  if (!only || only === 'review-checks') {
    const server = postgresServerUrl();
    if (server) {
      process.stderr.write('\nReview checks on PostgreSQL: a year of 100,000 categorized transactions, and the demo company…\n');
      const section = renderReviewChecksReport(await runReviewChecksBench(server));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'review-checks', section);
    } else process.stderr.write('Review checks skipped: set BENCH_DATABASE_URL (or run as root with PostgreSQL installed).\n');
  }
  if (!only || only === 'ocr') {
    process.stderr.write('\nReading receipts: drawn receipts in several variants, OCR and PDF text layers…\n');
    const section = renderOcrReport(await runOcrBench());
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'ocr', section);
  }
  if (!only || only === 'hostile-files') {
    process.stderr.write('\nHostile receipt files: the health check while ten hostile files (PDFs, PNGs, HEICs, zips) are read…\n');
    const section = renderHostileFilesReport(await runHostileFilesBench());
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'hostile-files', section);
  }
  if (!only || only === 'recurring') {
    if (pgUrl) {
      process.stderr.write('\nRecurring requests: 10,000 schedules due at once, two workers racing, on PostgreSQL…\n');
      const section = renderRecurringReport(await runRecurringBench(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'recurring', section);
    } else process.stderr.write('Recurring requests skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (only === 'communications-lists') {
    if (pgUrl) {
      process.stderr.write('\nCommunications lists: 100,000 communications in one firm, 10 concurrent clients, on PostgreSQL…\n');
      const section = renderCommunicationsListsReport(await runCommunicationsListsBench(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'communications-lists', section);
    } else process.stderr.write('Communications lists skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (!only || only.startsWith('reminders')) {
    process.stderr.write('\nReminders: one reminder day over 1,000 client companies and 5,000 client users…\n');
    const runs = [...(only === 'reminders-postgres' ? [] : [await runRemindersBench(null)]), ...(pgUrl ? [await runRemindersBench(pgUrl)] : [])];
    const section = renderRemindersReport(runs);
    process.stdout.write(`${section}\n`);
    if (write) writeSection(file, 'reminders', section);
  }
  if (only === 'unread-count') {
    if (pgUrl) {
      process.stderr.write('\nThe bell’s unread count: 100,000 notifications in one firm, 10 concurrent clients, on PostgreSQL…\n');
      const section = renderUnreadCountReport(await runUnreadCountBench(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'unread-count', section);
    } else process.stderr.write('Unread count skipped: it is measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (only === 'scale') {
    if (pgUrl) {
      const section = renderScaleReport(await runScaleBench(pgUrl, sizesFlag(process.argv)));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'scale', section);
    } else process.stderr.write('The scale curve skipped: it is measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (only === 'ledger-schedule') {
    if (pgUrl) {
      const section = renderLedgerScheduleReport(await runLedgerScheduleBench(pgUrl, companiesFlag(process.argv)));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'ledger-schedule', section);
    } else process.stderr.write('Scheduled ledger pulls skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (!only || only === 'answers') {
    if (pgUrl) {
      const section = renderAnswersReport(await answersOn(pgUrl));
      process.stdout.write(`${section}\n`);
      if (write) writeSection(file, 'answers', section);
    } else process.stderr.write('Answers under load skipped: they are measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
  }
  if (!(only !== undefined && SEPARATE_PARTS.includes(only)) && !only?.startsWith('suggestions')) {
    if (pgUrl && only !== 'pglite') await sideBySide(null, write, DURATION_MS);
    else if (only !== 'pglite') process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL (or run as root with PostgreSQL installed).\n');
    if (only !== 'postgres') results.push(await benchTarget('PGlite', { BENCH_DATABASE_URL: '' }));
    const report = renderReport(results, { connections: CONNECTIONS, durationMs: DURATION_MS, cpus: os.cpus().length, date: new Date() });
    if (results.length) process.stdout.write(`${report}\n`);
    if (write && results.length) {
      const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const notes = previous.indexOf('\n## Reading these figures');
      writeFileSync(file, notes >= 0 ? `${mergeReport(previous.slice(0, notes), report)}${previous.slice(notes)}` : report);
    }
  }
  await runLedgerSections({ only, pgUrl, write, file, freshDatabase });
  for (const runSections of [runDocumentsSections, runClientsTableSection]) await runSections({ only, pgUrl, write, file });
  process.exit(process.exitCode ?? 0);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
