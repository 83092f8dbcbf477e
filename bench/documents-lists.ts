/**
 * `npm run bench -- --only=documents-lists`: 100,000 files in one client company's documents, on
 * PostgreSQL, behind the real API (`--role=api` in its own process); 10 concurrent clients, each on a
 * kept-alive connection, ask one listing again and again for `BENCH_DURATION_MS` (bench/load.ts). The
 * files: 10,000 in one folder, the other 90,000 spread over 1,000 folders (100 at the top, 9 inside each).
 * Requirement: the listing's p95 under 50 ms.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { clientCompanies, clientMemberships } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { insertFirm, insertFirmMember, insertSubscription, insertUser } from '../apps/server/src/modules/auth/auth.queries.js';
import { startApi } from './api-process.js';
import { signInAs } from './sign-in.js';
import { runLoad, type LoadResult } from './load.js';

const FILES = Number(process.env.BENCH_DOCUMENTS || 100_000);
const BIG_FOLDER = 10_000;
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
const WARMUP_MS = 5_000;
const PASSWORD = 'bench-password-1';

export interface DocumentsListsResult {
  files: number;
  seedSeconds: number;
  lists: Record<string, LoadResult>;
  loadAverage: { before: number; after: number };
}

/** One firm, one company with the files, its accountant and a client of the company. */
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
  await db.execute(
    sql`insert into documents (firm_id, client_company_id, parent_id, kind, name) select ${f}, ${c}, null, 'FOLDER', 'Folder ' || g from generate_series(1, 100) g`,
  );
  await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name)
    select ${f}, ${c}, p.pk, 'FOLDER', 'Sub ' || s from documents p cross join generate_series(1, 9) s where p.client_company_id = ${c} and p.kind = 'FOLDER'`);
  const big = (await db.execute(
    sql`insert into documents (firm_id, client_company_id, parent_id, kind, name) values (${f}, ${c}, null, 'FOLDER', 'Big folder') returning pk`,
  )) as unknown as {
    rows: { pk: number }[];
  };
  const bigPk = Number(big.rows[0]!.pk);
  await db.execute(sql`insert into files (firm_id, client_company_id, storage_key, name, content_type, size, sha256, created_by)
    select ${f}, ${c}, 'bench/documents/' || g, 'file-' || g || '.pdf', 'application/pdf', 1000 + g % 5000, 'bench', ${accountant.pk} from generate_series(1, ${FILES}) g`);
  await db.execute(sql`with folders as (select array_agg(pk order by pk) a from documents where client_company_id = ${c} and kind = 'FOLDER' and pk <> ${bigPk}),
      numbered as (select pk, row_number() over (order by pk) n from files where client_company_id = ${c})
    insert into documents (firm_id, client_company_id, parent_id, kind, name, file_id, size, content_type, added_by_client, created_by, updated_at)
    select ${f}, ${c}, case when n <= ${BIG_FOLDER} then ${bigPk} else folders.a[1 + (n % array_length(folders.a, 1))] end, 'FILE', 'file-' || n || '.pdf', numbered.pk,
      1000 + n % 5000, 'application/pdf', n % 3 = 0, ${accountant.pk}, timestamptz '2026-01-01' + n * interval '1 minute'
    from numbered, folders`);
  const sub = (await db.execute(sql`select pk from documents where client_company_id = ${c} and name = 'Sub 5' order by pk limit 1`)) as unknown as {
    rows: { pk: number }[];
  };
  await db.execute(sql`vacuum analyze`);
  await database.close();
  return { companyPk: c, bigPk, subPk: Number(sub.rows[0]!.pk) };
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
    const scenarios: [string, string, string][] = [
      ['accountant: the 10,000-file folder, by name', `${staff}/list/?folder=${data.bigPk}`, accountant],
      ['accountant: the 10,000-file folder, newest first', `${staff}/list/?folder=${data.bigPk}&ordering=-updated_at`, accountant],
      ['accountant: the 10,000-file folder, page 20', `${staff}/list/?folder=${data.bigPk}&page=20`, accountant],
      ['accountant: the 10,000-file folder, search', `${staff}/list/?folder=${data.bigPk}&search=file-12`, accountant],
      ['accountant: the top level', `${staff}/list/`, accountant],
      ['client: a folder of 90 files', `${own}/list/?folder=${data.subPk}`, client],
      ['client: a smart folder (receipts)', `${own}/list/?smart=RECEIPTS`, client],
      ['accountant: the 1,000 folders for “Move to…”', `${staff}/folders/`, accountant],
    ];
    const lists: Record<string, LoadResult> = {};
    const loadBefore = os.loadavg()[0]!;
    for (const [name, listUrl, cookie] of scenarios) {
      process.stderr.write(`documents lists: ${name}…\n`);
      lists[name] = await runLoad({ url: listUrl, headers: { cookie } }, { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
    }
    return { files: FILES, seedSeconds, lists, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } };
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
    `load average ${r.loadAverage.before.toFixed(2)} before and ${r.loadAverage.after.toFixed(2)} after; the API alone (\`--role=api\`) on PostgreSQL; ${BIG_FOLDER.toLocaleString('en-US')} files in one folder and the rest over 1,000 folders`,
    `(seeded in ${r.seedSeconds.toFixed(1)} s), pages of 200, each listing asked for ${DURATION_MS / 1000} s by ${CONNECTIONS} clients at once after ${WARMUP_MS / 1000} s of the same not counted. Requirement: p95 under 50 ms.`,
    '',
    '| listing | requests | errors | req/s | p50 ms | p95 ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(r.lists).map(
      ([name, l]) => `| ${name} | ${l.requests} | ${l.errors} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} |`,
    ),
    '<!-- documents-lists:end -->',
    '',
  ].join('\n');
