/**
 * `npm run bench -- --only=recurring`: 10,000 recurring schedules all due at once, on PostgreSQL, with
 * two workers racing: each has its own connection pool and job queue, each runs the sweep (as two
 * workers' clocks would) and then drains the occurrence jobs with four loops of its own. Counts the
 * occurrences and communications written (exactly 10,000 of each is the requirement) and the time
 * from the first sweep to the last job.
 */
import os from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import { fromPostgresUrl, type Database } from '../apps/server/src/db/client.js';
import { communications, recurringOccurrences, recurringSchedules } from '../apps/server/src/db/schema/index.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { insertCompany } from '../apps/server/src/kernel/companies.queries.js';
import { sweepDueSchedules } from '../apps/server/src/modules/conversation/recurring/occurrence.job.js';
import { runOccurrenceBatch } from '../apps/server/src/modules/conversation/recurring/occurrence-batch.job.js';

// BENCH_RECURRING_SCHEDULES shrinks the run for a quick measurement (statement counts, profiles); the requirement is 10,000.
const SCHEDULES = Number(process.env.BENCH_RECURRING_SCHEDULES || 10_000);
const COMPANIES = 500;
const LOOPS_PER_WORKER = 4;

export interface RecurringBenchResult {
  schedules: number;
  occurrences: number;
  communications: number;
  /** Dates the two sweeps queued (both see every date: the batches' keys and the occurrence rows keep one of each). */
  datesQueued: number;
  /** Batch jobs run by the two workers, and of them those that found every date already written. */
  jobsRun: number;
  jobsThatWroteNothing: number;
  seconds: number;
  /** CPU (user + system) of this process, which runs both workers: comparable where wall time is not on a shared machine. */
  cpuSeconds: number;
  loadAverage: { before: number; after: number };
}

const seed = async (database: Database, today: string) => {
  const { db } = database;
  const firm = await insertFirm(db, { companyName: 'Recurring Bench Firm', timeZone: 'UTC' });
  const companies: number[] = [];
  for (let c = 0; c < COMPANIES; c++) companies.push((await insertCompany(db, { firmId: firm.pk, name: `Client ${c}`, connectionKind: 'CSV' })).pk);
  const content = {
    kind: 'REQUEST' as const,
    subject: 'Monthly statements',
    text: 'Please upload them.',
    items: [{ label: 'Bank statement', answer_kind: 'FILES' as const, required: true }],
    attachments: [],
    w9_vendor: '',
  };
  for (let i = 0; i < SCHEDULES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, SCHEDULES - i) }, (_, j) => ({
      firmId: firm.pk,
      clientCompanyId: companies[(i + j) % COMPANIES]!,
      content,
      dueDays: 7,
      frequency: 'MONTHLY' as const,
      dayOfMonth: Number(today.slice(8, 10)),
      startDate: today,
      nextOccurrenceDate: today,
    }));
    await db.insert(recurringSchedules).values(rows);
  }
};

/** One worker: its own pool and queue; it sweeps, then drains with a few loops, as `work()` would with that many slots. */
const worker = async (url: string, now: () => Date) => {
  const database = fromPostgresUrl(url, LOOPS_PER_WORKER + 1);
  const jobs = await createJobQueue(database.executeSql, (err) => console.error(err), { supervise: false });
  const deps = { db: database.db, jobs, now };
  return {
    sweep: () => sweepDueSchedules(deps),
    drain: async () => {
      let empty = 0;
      const loop = () =>
        jobs.drain('recurring-batch', async (data) => {
          if ((await runOccurrenceBatch(deps, data)) === 0) empty += 1;
        });
      const ran = await Promise.all(Array.from({ length: LOOPS_PER_WORKER }, loop));
      return { ran: ran.reduce((sum, n) => sum + n, 0), empty };
    },
    close: async () => {
      await jobs.stop();
      await database.close();
    },
  };
};

export const runRecurringBench = async (url: string): Promise<RecurringBenchResult> => {
  const setup = fromPostgresUrl(url);
  await setup.migrate();
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  await seed(setup, today);
  const [a, b] = [await worker(url, () => now), await worker(url, () => now)];
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const queued = await Promise.all([a.sweep(), b.sweep()]);
  const ran = await Promise.all([a.drain(), b.drain()]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const [occurrences] = await setup.db.select({ n: count() }).from(recurringOccurrences);
  const [made] = await setup.db
    .select({ n: count() })
    .from(communications)
    .where(sql`${communications.recurringScheduleId} is not null`);
  const [advanced] = await setup.db.select({ n: count() }).from(recurringSchedules).where(eq(recurringSchedules.nextOccurrenceDate, today));
  if (advanced!.n !== 0) throw new Error(`${advanced!.n} schedules still wait on today`);
  await a.close();
  await b.close();
  await setup.close();
  return {
    schedules: SCHEDULES,
    occurrences: occurrences!.n,
    communications: made!.n,
    datesQueued: queued[0] + queued[1],
    jobsRun: ran[0].ran + ran[1].ran,
    jobsThatWroteNothing: ran[0].empty + ran[1].empty,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
  };
};

export const renderRecurringReport = (r: RecurringBenchResult) =>
  [
    '<!-- recurring:start -->',
    '## Recurring requests: 10,000 schedules due at once, two workers racing (PostgreSQL)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load average ${r.loadAverage.before.toFixed(2)} before, ${r.loadAverage.after.toFixed(2)} after), PostgreSQL with fsync off,`,
    `two workers each with its own pool and queue, each sweeping then draining with ${LOOPS_PER_WORKER} loops. Requirement: exactly 10,000 occurrences in under 30 s.`,
    '',
    '| schedules | dates queued by the two sweeps | batch jobs run | of them writing nothing | occurrences | communications | seconds | CPU seconds (both workers) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.schedules.toLocaleString('en-US')} | ${r.datesQueued.toLocaleString('en-US')} | ${r.jobsRun} | ${r.jobsThatWroteNothing} | ${r.occurrences.toLocaleString('en-US')} | ${r.communications.toLocaleString('en-US')} | ${r.seconds.toFixed(2)} | ${r.cpuSeconds.toFixed(2)} |`,
    '<!-- recurring:end -->',
    '',
  ].join('\n');
