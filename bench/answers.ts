/**
 * `npm run bench -- --only=answers`: clients answering their transactions under load. On PostgreSQL
 * behind the real API (`--role=api` in its own process, as in production; the worker is not running,
 * so the jobs an answer queues wait in the queue as they would for a busy worker), 50 clients, each
 * signed in to a company of their own with 1,500 transactions waiting, answer one transaction after
 * another (a category on its one line, and "done", as the web app sends it) for `BENCH_ANSWER_MS`
 * (60 s) after 5 s of the same not counted. Then one answer more is sent through the app in this
 * process while its statements are noted, so the report names what an answer costs the database.
 * Target: no errors and p95 at most 300 ms.
 */
import { startBenchApp } from './bench-app.js';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { seedFirm, seedFirmAdmin, seedUser } from './seed-people.js';
import { startApi } from './api-process.js';
import { percentile } from './load.js';
import { signInAs, type BenchSession } from './sign-in.js';
import { statementsOf, watchStatements } from './statements.js';

const CLIENTS = 50;
const WAITING_PER_CLIENT = 1_500;
const DURATION_MS = Number(process.env.BENCH_ANSWER_MS || 60_000);
const WARMUP_MS = 5_000;
const PASSWORD = 'bench-password-1';

export interface AnswersResult {
  clients: number;
  durationMs: number;
  answers: number;
  errors: number;
  errorSamples: string[];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statements: string[];
  seedSeconds: number;
  loadAverage: { before: number; after: number };
}

export interface Answerer {
  email: string;
  companyPk: number;
  categoryPk: number;
  waiting: { pk: number; amount: string }[];
}

/** One firm; per client a company of its own with a chart of accounts and its transactions waiting. */
export const seedAnswerers = async (db: Db): Promise<Answerer[]> => {
  const passwordHash = await hashPassword(PASSWORD);
  const firm = await seedFirm(db, 'Answers Bench Firm');
  await seedFirmAdmin(db, firm, await seedUser(db, { email: 'answers-admin@example.com', passwordHash, accountType: 'ACCOUNTANT', firstName: 'Bench' }));
  const answerers: Answerer[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `answers-client-${i}@example.com`;
    const user = await seedUser(db, { email, passwordHash, accountType: 'CLIENT', firstName: `Client ${i}` });
    const rows = (await db.execute(sql`with company as (
        insert into client_companies (firm_id, name, connection_kind) values (${firm}, ${`Answers Co ${i}`}, 'CSV') returning pk),
      member as (insert into client_memberships (client_company_id, user_id, role) select pk, ${user}, 'CLIENT' from company),
      accounts as (insert into ledger_accounts (client_company_id, external_id, name, account_type, is_payment_account)
        select pk, x.id, x.name, x.kind, x.id = 'bank' from company,
          (values ('bank', 'Checking', 'Bank'), ('supplies', 'Office Supplies', 'Expense'), ('travel', 'Travel', 'Expense')) x(id, name, kind)
        returning pk, external_id, client_company_id)
      select (select pk from company) as company, (select pk from accounts where external_id = 'supplies') as category,
        (select pk from accounts where external_id = 'bank') as bank`)) as { rows: { company: number; category: number; bank: number }[] };
    const { company, category, bank } = rows.rows[0]!;
    await db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description, payee, payment_account_id, status)
      select ${company}, 'w' || g, 'csv', 'EXPENSE', 'BANK_DEBIT', date '2026-01-01' + (g % 300), ((g * 37) % 50000) / 100.0 + 1,
        'Card purchase ' || g, 'Merchant ' || (g % 60), ${bank}, 'READY'
      from generate_series(1, ${WAITING_PER_CLIENT}) g`);
    await db.execute(sql`insert into transaction_lines (transaction_id, position, amount) select pk, 0, amount from transactions where client_company_id = ${company}`);
    const waiting = (await db.execute(sql`select pk, amount::text as amount from transactions where client_company_id = ${company} order by pk`)) as {
      rows: { pk: number; amount: string }[];
    };
    answerers.push({ email, companyPk: company, categoryPk: category, waiting: waiting.rows });
  }
  await db.execute(sql`vacuum analyze`);
  return answerers;
};

const answerBody = (a: Answerer, t: { pk: number; amount: string }) =>
  JSON.stringify({ transactions: [{ pk: t.pk, lines: [{ amount: t.amount, category: a.categoryPk }], finished: true }] });

const patch = (agent: http.Agent, url: string, session: BenchSession, body: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'PATCH',
        agent,
        headers: { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** Every client answers its next waiting transaction as soon as the last answer came back, until `until`. */
export const answerUntil = async (base: string, answerers: (Answerer & { session: BenchSession })[], until: number, record: boolean) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: answerers.length });
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    answerers.map(async (a) => {
      const url = `${base}/api/v1/accounting/client/company/${a.companyPk}/transactions/update/`;
      while (performance.now() < until) {
        const next = a.waiting.shift();
        if (!next) throw new Error(`client ${a.email} answered all ${WAITING_PER_CLIENT} of its transactions: seed more`);
        const start = performance.now();
        const { status, text } = await patch(agent, url, a.session, answerBody(a, next));
        if (record) latencies.push(performance.now() - start);
        if (status !== 200) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(`${status} ${text.slice(0, 200)}`);
        }
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, errors, errorSamples, seconds: (performance.now() - started) / 1000 };
};

/** One more answer sent through the app in this process, its statements noted (prepared ones by name). */
const statementsOfOneAnswer = async (url: string, a: Answerer) => {
  watchStatements();
  const database = fromPostgresUrl(url);
  const { app, jobs } = await startBenchApp(database, { DEMO_DATA: 'off' }, { supervise: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const session = await signInAs(base, a.email, PASSWORD);
    // The load answered this client's transactions from the first: its last ones are still waiting, as every
    // answer under load found its transaction (the first ones, answered again, are a change of an answer).
    const next = a.waiting.pop()!;
    const agent = new http.Agent({ keepAlive: true });
    const url2 = `${base}/api/v1/accounting/client/company/${a.companyPk}/transactions/update/`;
    // Once first, so each statement is prepared on its connection as it would be in a warm server.
    await patch(agent, url2, session, answerBody(a, a.waiting.pop()!));
    const noted = await statementsOf(() => patch(agent, url2, session, answerBody(a, next)));
    agent.destroy();
    return noted.map((s) => s.replace(/\s+/g, ' ').slice(0, 90));
  } finally {
    await app.close();
    await jobs.stop();
    await database.close();
  }
};

/** Each client signed in to the API at `base`, with a queue of their own of the transactions they will answer. */
export const signInAnswerers = async (base: string, answerers: Answerer[]) => {
  const signedIn = [];
  for (const a of answerers) signedIn.push({ ...a, waiting: [...a.waiting], session: await signInAs(base, a.email, PASSWORD) });
  return signedIn;
};

export const runAnswersBench = async (url: string): Promise<AnswersResult> => {
  const database = fromPostgresUrl(url);
  await database.migrate();
  const seedStart = performance.now();
  const answerers = await seedAnswerers(database.db);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await database.close();
  const port = 3290 + Math.floor(Math.random() * 10);
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi(url, port);
  try {
    const signedIn = await signInAnswerers(base, answerers);
    process.stderr.write(`answers: ${CLIENTS} clients, ${WARMUP_MS / 1000} s not counted…\n`);
    await answerUntil(base, signedIn, performance.now() + WARMUP_MS, false);
    const loadBefore = os.loadavg()[0]!;
    process.stderr.write(`answers: ${CLIENTS} clients for ${DURATION_MS / 1000} s…\n`);
    const run = await answerUntil(base, signedIn, performance.now() + DURATION_MS, true);
    const loadAfter = os.loadavg()[0]!;
    api.kill('SIGTERM');
    const statements = await statementsOfOneAnswer(url, answerers[0]!);
    return {
      clients: CLIENTS,
      durationMs: DURATION_MS,
      answers: run.latencies.length,
      errors: run.errors,
      errorSamples: run.errorSamples,
      rps: run.latencies.length / run.seconds,
      p50: percentile(run.latencies, 50),
      p95: percentile(run.latencies, 95),
      p99: percentile(run.latencies, 99),
      max: run.latencies.at(-1) ?? 0,
      statements,
      seedSeconds,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  } finally {
    api.kill('SIGTERM');
  }
};

export const renderAnswersReport = (r: AnswersResult) =>
  [
    '<!-- answers:start -->',
    `## Answers under load: ${r.clients} clients answering at once (PostgreSQL)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=answers\` (bench/answers.ts) on ${os.cpus().length} cores,`,
    `load average ${r.loadAverage.before.toFixed(2)} before and ${r.loadAverage.after.toFixed(2)} after; the API alone (\`--role=api\`) on PostgreSQL, the load generator in another process on the same cores (seeded in ${r.seedSeconds.toFixed(1)} s).`,
    `Each client, in a company of its own with ${WAITING_PER_CLIENT.toLocaleString('en-US')} transactions waiting, answers one after another (a category and "done") for ${r.durationMs / 1000} s after ${WARMUP_MS / 1000} s not counted. Target: no errors, p95 at most 300 ms.`,
    '',
    '| clients | answers | errors | answers/s | p50 | p95 | p99 | slowest |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.clients} | ${r.answers} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`,
    ...(r.errorSamples.length ? ['', 'Errors (first five):', '', ...r.errorSamples.map((e) => `- \`${e}\``)] : []),
    '',
    `The statements one answer sends (${r.statements.length}; prepared ones by name):`,
    '',
    ...r.statements.map((s, i) => `${i + 1}. \`${s}\``),
    '<!-- answers:end -->',
    '',
  ].join('\n');
