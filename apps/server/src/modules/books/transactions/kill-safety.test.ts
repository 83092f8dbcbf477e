import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { auditLog, transactionLines, transactions } from '../../../db/schema/index.js';
import { bankCsv, createClientUser, createFirm, createLedgerAccount } from '../../../../test/factories.js';
import { pauseOnStatement, removeFault } from '../../../../test/faults.js';
import { openPostgresTestDatabase } from '../../../../test/harness.js';
import type { KillChildJob } from '../../../../test/kill-child.js';
import { installStatusRecorder, statusChangeReport } from '../../../../test/status-audit.js';

/**
 * The process doing a large write is killed (SIGKILL) while its database
 * transaction is open and part-written; started again, the same work
 * completes once. PostgreSQL only: it needs a second connection to hold the
 * write where it is, and a server that outlives the process.
 */
const APP_NAME = 'herd-kill-child';
const LOCK_KEY = 7_200_410;
const SERVER_ROOT = path.resolve(import.meta.dirname, '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'herd-kill-'));

let database: (Database & { url: string }) | null = null;
let holder: pg.Client;

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  if (!database) return;
  await installStatusRecorder(database.db);
  holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
});
afterAll(async () => {
  if (!database) return;
  await holder.end();
  const report = await statusChangeReport(database.db);
  await database.close();
  expect(report.violations).toEqual([]);
});

const start = (job: KillChildJob): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } => {
  const jobFile = path.join(work, `job-${Date.now()}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  const url = new URL(database!.url);
  url.searchParams.set('application_name', APP_NAME);
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/kill-child.ts', url.toString(), jobFile], { cwd: SERVER_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))) };
};

const run = async (job: KillChildJob) => {
  const { code, out } = await start(job).done;
  expect(code, out).toBe(0);
  return JSON.parse(out.trim().split('\n').at(-1)!) as unknown;
};

const waitFor = async (what: string, query: string) => {
  for (let tries = 0; tries < 600; tries++) {
    if ((await holder.query<{ n: number }>(query)).rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** Starts the job, holds it at the fault, kills the process, and waits until the server has ended its connection. */
const killPartWay = async (job: KillChildJob) => {
  await holder.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  const { child, done } = start(job);
  try {
    await waitFor('the write to reach the fault', `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
    child.kill('SIGKILL');
    expect((await done).code).toBe(null);
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
  }
  await waitFor('the killed connection to end', `select (count(*) = 0)::int as n from pg_stat_activity where application_name = '${APP_NAME}'`);
};

const rowsOf = (companyPk: number) => database!.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk)).orderBy(transactions.pk);

// Each test starts Node four times (a second or more each on a busy machine).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a process killed part-way through a large write', { timeout: 180_000 }, () => {
  it('leaves a bank import of 3,000 rows unwritten, and the import run again writes each row once', async () => {
    const db = database!.db;
    const firm = await createFirm(db);
    const { companyId } = await createClientUser(db, firm.firmId);
    const csvFile = path.join(work, 'bank.csv');
    writeFileSync(csvFile, bankCsv(3000));
    const job: KillChildJob = { kind: 'import-csv', userId: firm.adminId, companyPk: companyId, csvFile };

    await pauseOnStatement(db, 'transactions', 'insert', 4, LOCK_KEY);
    try {
      await killPartWay(job);
    } finally {
      await removeFault(db, 'transactions');
    }
    expect(await rowsOf(companyId)).toHaveLength(0);

    expect(await run(job)).toMatchObject({ imported: 3000, duplicates: 0 });
    expect(await run(job)).toMatchObject({ imported: 0, duplicates: 3000 });
    const rows = await rowsOf(companyId);
    expect(new Set(rows.map((r) => r.externalId)).size).toBe(3000);
    expect(
      await db
        .select()
        .from(transactionLines)
        .where(
          inArray(
            transactionLines.transactionId,
            rows.map((r) => r.pk),
          ),
        ),
    ).toHaveLength(3000);
  });

  it('leaves an answer of 500 transactions unwritten, and the answer sent again finishes each once', async () => {
    const db = database!.db;
    const firm = await createFirm(db);
    const client = await createClientUser(db, firm.firmId);
    const csvFile = path.join(work, 'answer.csv');
    writeFileSync(csvFile, bankCsv(500));
    await run({ kind: 'import-csv', userId: firm.adminId, companyPk: client.companyId, csvFile });
    const meals = await createLedgerAccount(db, client.companyId, { name: 'Meals' });
    const before = await rowsOf(client.companyId);
    const changes = before.map((r) => ({ pk: r.pk, lines: [{ amount: r.amount, category: meals.pk }], client_memo: 'Team lunch', finished: true as const }));
    const job: KillChildJob = { kind: 'answer', userId: client.userId, companyPk: client.companyId, changes };

    // The audit entries are the last statement: lines, memos and statuses are written by then.
    await pauseOnStatement(db, 'audit_log', 'insert', 1, LOCK_KEY);
    try {
      await killPartWay(job);
    } finally {
      await removeFault(db, 'audit_log');
    }
    expect((await rowsOf(client.companyId)).map((r) => [r.status, r.clientMemo])).toEqual(before.map(() => ['READY', '']));
    const categorized = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.firmId, firm.firmId), eq(auditLog.action, 'transaction.categorize')));
    expect(await categorized()).toHaveLength(0);

    expect(await run(job)).toBe(500);
    expect(await run(job)).toBe(500);
    expect((await rowsOf(client.companyId)).map((r) => [r.status, r.clientMemo])).toEqual(before.map(() => ['FINISHED_IN_HERD', 'Team lunch']));
    expect(await categorized()).toHaveLength(500);
    expect(await db.select().from(transactionLines).where(eq(transactionLines.categoryId, meals.pk))).toHaveLength(500);
  });
});
