/**
 * `npm run bench -- --only=documents-lists`: 100,000 files in one client company's documents, on PostgreSQL,
 * behind the real API (`--role=api` in its own process); 10 concurrent clients, each on a kept-alive connection,
 * ask one listing again and again for `BENCH_DURATION_MS` (bench/load.ts). The files: 10,000 in one big folder,
 * 200 at the top level, the rest spread over 1,000 folders nested up to three deep (100 at the top, one in ten of
 * them accountant-only, 6 inside each, and one more level inside half of those).
 * Requirement: a listing's p95 under 50 ms.
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

const FILES = Number(process.env.BENCH_DOCUMENTS || 100_000);
const BIG_FOLDER = 10_000;
const TOP_LEVEL_FILES = 200;
/** 100 at the top, 6 inside each, one more inside the first 3 of those: 100 + 600 + 300. */
const FOLDERS = 1_000;
/** Matches a quarter of the big folder's 1,000 files numbered 001000 to 001999: 250 of its 10,000. */
const SEARCH = 'invoice 001';
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
/** Each listing is asked this long first, not counted: the figures are the steady state. */
const WARMUP_MS = 5_000;
const TARGET_MS = 50;
const PASSWORD = 'bench-password-1';

export interface DocumentsListsResult {
  files: number;
  seedSeconds: number;
  postgres: string;
  /** The client's folder drawn at random: how deep it is and what it holds. */
  clientFolder: { depth: number; items: number };
  lists: Record<string, LoadResult>;
  loadAverage: { before: number; after: number };
}

type Rows<T> = { rows: T[] };

/** A folder of the client's side drawn at random: any of the 1,000 not under an accountant-only one. */
const randomClientFolder = async (db: ReturnType<typeof fromPostgresUrl>['db'], company: number, bigPk: number) => {
  const found = (await db.execute(sql`with recursive tree(pk, depth, hidden) as (
      select pk, 1, accountant_only from documents where client_company_id = ${company} and parent_id is null and kind = 'FOLDER' and pk <> ${bigPk}
      union all
      select d.pk, t.depth + 1, t.hidden or d.accountant_only from documents d join tree t on d.parent_id = t.pk where d.kind = 'FOLDER'
    )
    select t.pk, t.depth, (select count(*) from documents d where d.parent_id = t.pk) items from tree t where not t.hidden
    order by random() limit 1`)) as Rows<{ pk: number; depth: number; items: string }>;
  const row = found.rows[0]!;
  return { pk: Number(row.pk), depth: Number(row.depth), items: Number(row.items) };
};

/** One firm, one company with the folders and files, its accountant and a client of the company. */
const seed = async (url: string) => {
  const database = fromPostgresUrl(url);
  await database.migrate();
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const firm = await insertFirm(db, { companyName: 'Documents Bench Firm' });
  await insertSubscription(db, { firmId: firm.pk, status: 'PAID' });
  const accountant = await insertUser(db, { email: 'docs-accountant@example.com', passwordHash, accountType: 'ACCOUNTANT', firstName: 'Bench' });
  await insertFirmMember(db, { firmId: firm.pk, userId: accountant.pk, role: 'FIRM_ADMIN' });
  const [company] = await db.insert(clientCompanies).values({ firmId: firm.pk, name: 'Documents Client', connectionKind: 'CSV' }).returning({ pk: clientCompanies.pk });
  const client = await insertUser(db, { email: 'docs-client@example.com', passwordHash, accountType: 'CLIENT', firstName: 'Client' });
  await db.insert(clientMemberships).values({ clientCompanyId: company!.pk, userId: client.pk, role: 'CLIENT' });
  const [f, c] = [firm.pk, company!.pk];
  await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, accountant_only, created_by)
    select ${f}, ${c}, null, 'FOLDER', 'Folder ' || lpad(g::text, 3, '0'), g % 10 = 0, ${accountant.pk} from generate_series(1, 100) g`);
  await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, created_by)
    select ${f}, ${c}, p.pk, 'FOLDER', 'Sub ' || s, ${accountant.pk} from documents p cross join generate_series(1, 6) s
    where p.client_company_id = ${c} and p.kind = 'FOLDER' and p.parent_id is null`);
  await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, created_by)
    select ${f}, ${c}, p.pk, 'FOLDER', 'Archive', ${accountant.pk} from documents p
    where p.client_company_id = ${c} and p.kind = 'FOLDER' and p.name in ('Sub 1', 'Sub 2', 'Sub 3')`);
  const big = (await db.execute(
    sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, created_by) values (${f}, ${c}, null, 'FOLDER', 'Big folder', ${accountant.pk}) returning pk`,
  )) as Rows<{ pk: number }>;
  const bigPk = Number(big.rows[0]!.pk);
  // Names as a firm's files go ("Invoice 001234.pdf"), sizes from 20 KB to 2 MB, dates over two years in no order of their names.
  const name = sql`(array['Invoice', 'Receipt', 'Bank statement', 'Payroll report'])[1 + g % 4] || ' ' || lpad(g::text, 6, '0') || '.pdf'`;
  await db.execute(sql`insert into files (firm_id, client_company_id, storage_key, name, content_type, size, sha256, created_by)
    select ${f}, ${c}, 'bench/documents/' || g, ${name}, 'application/pdf', 20000 + (g * 7919) % 2000000, 'bench', ${accountant.pk}
    from generate_series(1, ${FILES}) g`);
  await db.execute(sql`with folders as (select array_agg(pk order by pk) a from documents where client_company_id = ${c} and kind = 'FOLDER' and pk <> ${bigPk}),
      numbered as (select pk, name, size, row_number() over (order by pk) n from files where client_company_id = ${c})
    insert into documents (firm_id, client_company_id, parent_id, kind, name, file_id, size, content_type, added_by_client, created_by, created_at, updated_at)
    select ${f}, ${c},
      case when n <= ${BIG_FOLDER} then ${bigPk} when n <= ${BIG_FOLDER + TOP_LEVEL_FILES} then null else folders.a[1 + n % ${FOLDERS}] end,
      'FILE', numbered.name, numbered.pk, numbered.size, 'application/pdf', n % 3 = 0, (case when n % 3 = 0 then ${client.pk} else ${accountant.pk} end)::int,
      timestamptz '2025-01-01' + ((n * 7919) % ${FILES}) * interval '10 minutes', timestamptz '2025-01-01' + ((n * 7919) % ${FILES}) * interval '10 minutes'
    from numbered, folders`);
  const clientFolder = await randomClientFolder(db, c, bigPk);
  const version = (await db.execute(sql`select current_setting('server_version') v`)) as Rows<{ v: string }>;
  // Vacuumed as well as analysed: left to autovacuum, the fresh rows were vacuumed during the first listing measured.
  await db.execute(sql`vacuum analyze`);
  await database.close();
  return { companyPk: c, bigPk, clientFolder, postgres: version.rows[0]!.v.split(' ')[0]! };
};

export const runDocumentsListsBench = async (url: string): Promise<DocumentsListsResult> => {
  const seedStart = performance.now();
  const data = await seed(url);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const port = 3280 + Math.floor(Math.random() * 10);
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi(url, port);
  try {
    const accountant = (await signInAs(base, 'docs-accountant@example.com', PASSWORD)).cookie;
    const client = (await signInAs(base, 'docs-client@example.com', PASSWORD)).cookie;
    const staff = `${base}/api/v1/accounting/accountant/client-company/${data.companyPk}/documents`;
    const own = `${base}/api/v1/accounting/client/company/${data.companyPk}/documents`;
    const big = `${staff}/list/?folder=${data.bigPk}&page_size=200`;
    const scenarios: [string, string, string][] = [
      ['accountant: the 10,000-file folder, by name', `${big}&ordering=name`, accountant],
      ['accountant: the 10,000-file folder, newest first', `${big}&ordering=-updated_at`, accountant],
      ['accountant: the 10,000-file folder, page 20', `${big}&ordering=name&page=20`, accountant],
      [`accountant: the 10,000-file folder, search “${SEARCH}” (250 found)`, `${big}&ordering=name&search=${encodeURIComponent(SEARCH)}`, accountant],
      ['accountant: the top level', `${staff}/list/?page_size=200`, accountant],
      ['client: a folder drawn at random', `${own}/list/?folder=${data.clientFolder.pk}&page_size=200`, client],
      ['client: a smart folder (receipts)', `${own}/list/?smart=RECEIPTS`, client],
      ['accountant: the 1,000 folders for “Move to…”', `${staff}/folders/`, accountant],
    ];
    const lists: Record<string, LoadResult> = {};
    const loadBefore = os.loadavg()[0]!;
    for (const [name, listUrl, cookie] of scenarios) {
      process.stderr.write(`documents lists: ${name}…\n`);
      lists[name] = await runLoad({ url: listUrl, headers: { cookie } }, { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
    }
    const loadAverage = { before: loadBefore, after: os.loadavg()[0]! };
    return { files: FILES, seedSeconds, postgres: data.postgres, clientFolder: data.clientFolder, lists, loadAverage };
  } finally {
    api.kill('SIGTERM');
  }
};

export const renderDocumentsListsReport = (r: DocumentsListsResult) =>
  [
    '<!-- documents-lists:start -->',
    `## Documents listings: ${r.files.toLocaleString('en-US')} files in one company, ${CONNECTIONS} concurrent clients (PostgreSQL)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=documents-lists\` (bench/documents-lists.ts) on ${os.cpus().length} cores,`,
    `load average ${r.loadAverage.before.toFixed(2)} before and ${r.loadAverage.after.toFixed(2)} after; the API alone (\`--role=api\`) on PostgreSQL ${r.postgres}. One company holds`,
    `${BIG_FOLDER.toLocaleString('en-US')} files in one folder, ${TOP_LEVEL_FILES} at the top level and the rest spread over ${FOLDERS.toLocaleString('en-US')} folders nested up to three deep`,
    `(100 at the top, 10 of them accountant-only, 6 inside each, one more inside half of those; about 90 files a folder); the client's folder drawn at random`,
    `was ${r.clientFolder.depth} deep and held ${r.clientFolder.items} items (seeded in ${r.seedSeconds.toFixed(1)} s). Pages of 200, each listing asked for ${DURATION_MS / 1000} s`,
    `by ${CONNECTIONS} clients at once after ${WARMUP_MS / 1000} s of the same not counted (answers uncompressed). Requirement: p95 under ${TARGET_MS} ms.`,
    '',
    '| listing | requests | errors | req/s | p50 ms | p95 ms | p99 ms | p95 < 50 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...Object.entries(r.lists).map(
      ([name, l]) =>
        `| ${name} | ${l.requests} | ${l.errors} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.p95 < TARGET_MS && l.errors === 0 ? 'PASS' : 'FAIL'} |`,
    ),
    '<!-- documents-lists:end -->',
    '',
  ].join('\n');
