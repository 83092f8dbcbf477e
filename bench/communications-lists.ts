/**
 * `npm run bench -- --only=communications-lists`: 100,000 communications in one firm, spread over its 100 client
 * companies (1,000 each: a firm's year of monthly checklists, reports and notices), on PostgreSQL, behind the real API (`--role=api` in its own process); 10 concurrent
 * clients, each on a kept-alive connection, ask one list again and again for `BENCH_DURATION_MS` (bench/load.ts).
 * Requirement: lists p95 under 50 ms.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { clientCompanies, clientMemberships } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { insertFirm, insertFirmMember, insertSubscription, insertUser } from '../apps/server/src/modules/people/auth/auth.queries.js';
import { startApi } from './api-process.js';
import { signInAs } from './sign-in.js';
import { runLoad, type LoadResult } from './load.js';

const COMMUNICATIONS = Number(process.env.BENCH_COMMUNICATIONS || 100_000);
/** The firm's client companies; the lists asked are one company's, as every list is. */
const COMPANIES = 100;
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
/** Each list is asked this long first, not counted: the figures are the steady state (a freshly started API is slower for its first ten seconds or so: the first list measured after only 2 s of this ran a quarter slower than when measured again). */
const WARMUP_MS = 5_000;
const PASSWORD = 'bench-password-1';

export interface CommunicationsListsResult {
  communications: number;
  seedSeconds: number;
  lists: Record<string, LoadResult>;
  loadAverage: { before: number; after: number };
}

/** One firm, its companies sharing the communications (a mix of kinds, statuses and hidden ones, two checklist items each), its accountant and the first company's client. */
const seed = async (url: string) => {
  const database = fromPostgresUrl(url);
  await database.migrate();
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const firm = await insertFirm(db, { companyName: 'Communications Bench Firm' });
  await insertSubscription(db, { firmId: firm.pk, status: 'PAID' });
  const accountant = await insertUser(db, { email: 'comms-accountant@example.com', passwordHash, accountType: 'ACCOUNTANT', firstName: 'Bench' });
  await insertFirmMember(db, { firmId: firm.pk, userId: accountant.pk, role: 'FIRM_ADMIN' });
  const companies = await db
    .insert(clientCompanies)
    .values(Array.from({ length: COMPANIES }, (_, i) => ({ firmId: firm.pk, name: `Client ${i + 1}`, connectionKind: 'CSV' as const })))
    .returning({ pk: clientCompanies.pk });
  const company = companies[0];
  // Runs of seven in a row per company, so each company has every kind and status (the patterns below repeat every 4 and 8).
  const companyPks = `{${companies.map((c) => c.pk).join(',')}}`;
  const client = await insertUser(db, { email: 'comms-client@example.com', passwordHash, accountType: 'CLIENT', firstName: 'Client' });
  await db.insert(clientMemberships).values({ clientCompanyId: company!.pk, userId: client.pk, role: 'CLIENT' });
  await db.execute(sql`insert into communications (firm_id, client_company_id, kind, sender, author_id, subject, text, due_date, status, is_hidden, created_at)
    select ${firm.pk}, (${companyPks}::int[])[1 + (g / 7) % ${COMPANIES}], (array['REQUEST','REPORT','NOTICE','W9'])[1 + g % 4]::communication_kind,
      case when g % 7 = 0 then 'CLIENT' else 'ACCOUNTANT' end::sender_kind, ${accountant.pk}, 'Request ' || g, 'Please send the papers for ' || g,
      date '2026-01-01' + (g % 330),
      (array['PROCESSING','READY','SYNC_ERROR','FINISHED_IN_HERD','CANCELLED','FINISHED_IN_HERD','PROCESSING','READY'])[1 + g % 8]::transaction_status,
      g % 53 = 0, timestamptz '2026-01-01' + g * interval '3 minutes'
    from generate_series(1, ${COMMUNICATIONS}) g`);
  await db.execute(sql`insert into communication_items (communication_id, position, label, answer_kind, required)
    select c.pk, p, case when p = 0 then 'Bank statement' else 'Anything unusual?' end, case when p = 0 then 'FILES' else 'TEXT' end::communication_item_answer_kind, p = 0
    from communications c cross join generate_series(0, 1) p where c.firm_id = ${firm.pk}`);
  // Vacuumed as well as analysed: left to autovacuum, the fresh rows were vacuumed during the first list measured.
  await db.execute(sql`vacuum analyze`);
  await database.close();
  return { companyPk: company!.pk, accountantEmail: 'comms-accountant@example.com', clientEmail: 'comms-client@example.com' };
};

export const runCommunicationsListsBench = async (url: string): Promise<CommunicationsListsResult> => {
  const seedStart = performance.now();
  const data = await seed(url);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const port = 3290 + Math.floor(Math.random() * 10);
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi(url, port);
  try {
    const accountant = (await signInAs(base, data.accountantEmail, PASSWORD)).cookie;
    const client = (await signInAs(base, data.clientEmail, PASSWORD)).cookie;
    const staff = `${base}/api/v1/accounting/accountant/client-company/${data.companyPk}/communications`;
    const own = `${base}/api/v1/accounting/client/company/${data.companyPk}/communications`;
    const scenarios: [string, string, string][] = [
      ['accountant: open, newest first', staff + '/list/', accountant],
      ['accountant: finished, page 20', staff + '/completed-list/?page=20', accountant],
      ['accountant: open, by due date, kind REQUEST', staff + '/list/?ordering=due_date&kind=REQUEST', accountant],
      ['accountant: open, search', staff + '/list/?search=papers%20for%2012', accountant],
      ['accountant: hidden', staff + '/hidden-list/', accountant],
      ['client: open', own + '/list/', client],
      ['client: finished', own + '/completed-list/', client],
    ];
    const lists: Record<string, LoadResult> = {};
    const loadBefore = os.loadavg()[0]!;
    for (const [name, listUrl, cookie] of scenarios) {
      process.stderr.write(`communications lists: ${name}…\n`);
      lists[name] = await runLoad({ url: listUrl, headers: { cookie } }, { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
    }
    return { communications: COMMUNICATIONS, seedSeconds, lists, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } };
  } finally {
    api.kill('SIGTERM');
  }
};

export const renderCommunicationsListsReport = (r: CommunicationsListsResult) =>
  [
    '<!-- communications-lists:start -->',
    `## Communications lists: ${r.communications.toLocaleString('en-US')} communications in one firm, ${CONNECTIONS} concurrent clients (PostgreSQL)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=communications-lists\` (bench/communications-lists.ts) on ${os.cpus().length} cores,`,
    `load average ${r.loadAverage.before.toFixed(2)} before and ${r.loadAverage.after.toFixed(2)} after; the API alone (\`--role=api\`) on PostgreSQL, the communications spread over the firm's ${COMPANIES} client companies, the lists one company's`,
    `(seeded in ${r.seedSeconds.toFixed(1)} s), each list asked for ${DURATION_MS / 1000} s by ${CONNECTIONS} clients at once after ${WARMUP_MS / 1000} s of the same not counted (answers uncompressed, as the load client asks for no encoding). Requirement: p95 under 50 ms.`,
    '',
    '| list | requests | errors | req/s | p50 ms | p95 ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(r.lists).map(
      ([name, l]) => `| ${name} | ${l.requests} | ${l.errors} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} |`,
    ),
    '<!-- communications-lists:end -->',
    '',
  ].join('\n');
