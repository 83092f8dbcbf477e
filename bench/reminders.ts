/**
 * `npm run bench -- --only=reminders`: one reminder day over 1,000 client companies with 5,000 client
 * users (five each, one in five with a phone) and open work (three transactions and a request each), on
 * the embedded database and on PostgreSQL (BENCH_DATABASE_URL, or a cluster the bench starts; as the other
 * PostgreSQL benches), `reminders-pglite` or `reminders-postgres` for one: the sweep queues one job per
 * company, the jobs send into the outbox (and the texts into a sender that keeps them). Counts the statements
 * the database ran, for the sweep and per company, so a query per company in the sweep (or per person beyond
 * what each needs) shows. `BENCH_REMINDER_COMPANIES` shrinks it for a quick try.
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { fromPglite, fromPostgresUrl, type Database } from '../apps/server/src/db/client.js';
import { clientCompanies, clientMemberships, communications, firms, outbox, transactions, users } from '../apps/server/src/db/schema/index.js';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { outboxTransport } from '../apps/server/src/mail/transports.js';
import { insertFirm } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { runCompanyReminder, sweepReminders } from '../apps/server/src/modules/conversation/reminders/reminder-run.job.js';

const COMPANIES = Number(process.env.BENCH_REMINDER_COMPANIES || 1_000);
const USERS_PER_COMPANY = 5;

export interface RemindersBenchResult {
  database: 'PGlite' | 'PostgreSQL';
  companies: number;
  users: number;
  queued: number;
  emails: number;
  texts: number;
  sweepSeconds: number;
  sendSeconds: number;
  sweepStatements: number;
  sendStatements: number;
}

const seed = async (db: Database['db'], weekday: number) => {
  const firm = await insertFirm(db, { companyName: 'Reminder Bench Firm', timeZone: 'UTC' });
  await db.update(firms).set({ reminderWeekday: weekday }).where(eq(firms.pk, firm.pk));
  const companies = await db
    .insert(clientCompanies)
    .values(Array.from({ length: COMPANIES }, (_, c) => ({ firmId: firm.pk, name: `Client ${c}`, connectionKind: 'CSV' as const })))
    .returning({ pk: clientCompanies.pk });
  for (let i = 0; i < COMPANIES; i += 200) {
    const slice = companies.slice(i, i + 200);
    const people = await db
      .insert(users)
      .values(
        slice.flatMap((c) =>
          Array.from({ length: USERS_PER_COMPANY }, (_, u) => ({
            email: `client-${c.pk}-${u}@bench.example.com`,
            firstName: `Client ${u}`,
            accountType: 'CLIENT' as const,
            phone: u === 0 ? `+1415555${String(c.pk % 10_000).padStart(4, '0')}` : '',
          })),
        ),
      )
      .returning({ pk: users.pk });
    await db.insert(clientMemberships).values(
      people.map((p, j) => ({
        clientCompanyId: slice[Math.floor(j / USERS_PER_COMPANY)]!.pk,
        userId: p.pk,
        role: j % USERS_PER_COMPANY === 0 ? ('CLIENT' as const) : ('CLIENT_COWORKER' as const),
      })),
    );
    await db.insert(transactions).values(
      slice.flatMap((c) =>
        Array.from({ length: 3 }, (_, n) => ({
          clientCompanyId: c.pk,
          externalId: `b${c.pk}-${n}`,
          ledgerEntityType: 'csv',
          type: 'EXPENSE' as const,
          subtype: 'csv',
          date: '2026-05-20',
          amount: '10.00',
        })),
      ),
    );
    await db.insert(communications).values(
      slice.map((c) => ({
        firmId: firm.pk,
        clientCompanyId: c.pk,
        kind: 'REQUEST' as const,
        sender: 'ACCOUNTANT' as const,
        subject: 'Bank statement',
        dueDate: '2026-06-30',
      })),
    );
  }
};

/** Counts every statement the application sends: PGlite's two entry points, or every pg client's `query` (the pool's included). */
const countingDatabase = async (url: string | null): Promise<{ database: Database; counted: () => number; reset: () => void; restore: () => void }> => {
  let statements = 0;
  const counters = { counted: () => statements, reset: () => void (statements = 0), restore: () => undefined };
  if (url) {
    const query = pg.Client.prototype.query;
    counters.restore = () => void (pg.Client.prototype.query = query);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    return { database: fromPostgresUrl(url), ...counters };
  }
  const client = await PGlite.create();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((...args: Parameters<typeof query>) => ((statements += 1), query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => ((statements += 1), exec(...args))) as typeof client.exec;
  return { database: fromPglite(client), ...counters };
};

/** On PostgreSQL when given its URL (a fresh database), else on PGlite in memory. */
export const runRemindersBench = async (url: string | null = null): Promise<RemindersBenchResult> => {
  const { database, counted, reset, restore } = await countingDatabase(url);
  await database.migrate();
  const now = new Date();
  await seed(database.db, now.getUTCDay());
  const quiet = () => undefined;
  // eslint-disable-next-line no-restricted-syntax -- a logger that says nothing, with only the methods the reminder run calls.
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;
  const jobs = await createJobQueue(database.executeSql, (err) => console.error(err), { supervise: false });
  const mailer = createMailer(database.db, outboxTransport(log, { secretLinks: false }), log, { links: { appUrl: 'http://localhost:8000', secretKey: 'bench-secret' } });
  let texts = 0;
  const deps = {
    db: database.db,
    jobs,
    mailer,
    sms: { reachesPhones: true, send: async () => void (texts += 1) },
    appUrl: 'http://localhost:8000',
    replies: { secretKey: 'bench-secret', inbound: { domain: 'inbound.localhost' } },
    now: () => now,
  };

  reset();
  let started = performance.now();
  const queued = await sweepReminders(deps);
  const sweepSeconds = (performance.now() - started) / 1000;
  const sweepStatements = counted();

  reset();
  started = performance.now();
  await jobs.drain('client-reminder', (data) => runCompanyReminder(deps, data).then(() => undefined));
  const sendSeconds = (performance.now() - started) / 1000;
  const sendStatements = counted();

  const [emails] = await database.db.select({ n: count() }).from(outbox).where(eq(outbox.template, 'CLIENT_REMINDER'));
  await jobs.stop();
  await database.close();
  restore();
  return {
    database: url ? 'PostgreSQL' : 'PGlite',
    companies: COMPANIES,
    users: COMPANIES * USERS_PER_COMPANY,
    queued,
    emails: emails!.n,
    texts,
    sweepSeconds,
    sendSeconds,
    sweepStatements,
    sendStatements,
  };
};

export const renderRemindersReport = (runs: RemindersBenchResult[]) =>
  [
    '<!-- reminders:start -->',
    `## Reminders: one reminder day over ${(runs[0]?.companies ?? COMPANIES).toLocaleString('en-US')} client companies and ${(runs[0]?.users ?? COMPANIES * USERS_PER_COMPANY).toLocaleString('en-US')} client users`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=reminders\` (bench/reminders.ts) on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} at the end;`,
    'the embedded database in memory, or PostgreSQL on this machine; one process: the sweep, then the `client-reminder` jobs drained in place, emails into the outbox (the default transport), texts to a sender that counts them.',
    'Statements are every query the application sent to the database (job queue included).',
    '',
    '| database | companies | client users | jobs queued | emails | texts | sweep s | sweep statements | send s | send statements | statements per company |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (r) =>
        `| ${r.database} | ${r.companies.toLocaleString('en-US')} | ${r.users.toLocaleString('en-US')} | ${r.queued.toLocaleString('en-US')} | ${r.emails.toLocaleString('en-US')} | ${r.texts.toLocaleString('en-US')} | ${r.sweepSeconds.toFixed(2)} | ${r.sweepStatements} | ${r.sendSeconds.toFixed(1)} | ${r.sendStatements.toLocaleString('en-US')} | ${(r.sendStatements / r.companies).toFixed(1)} |`,
    ),
    '<!-- reminders:end -->',
    '',
  ].join('\n');
