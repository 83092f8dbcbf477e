/**
 * `npm run bench -- --only=scale`: whether a company's first page costs the same as the firm grows.
 * One firm on PostgreSQL, behind the real API (`--role=api`): its big company grows to 10,000, 100,000,
 * 1,000,000 and 10,000,000 transactions (`--sizes=…` for others), and its documents to the same number
 * of files, a tenth of them in one folder. At each size the lists, the counter, a search and the
 * documents listing are measured under 10 concurrent clients. The company grows in place: each size
 * adds to the last (its indexes built again after the rows are in, bench/bulk-growth.ts), then the
 * database is vacuumed and analysed, as autovacuum keeps a live one.
 * Goal: the first page's p95 at 10 million within 1.5× of its p95 at 100,000.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import { startApi, stopApi } from './api-process.js';
import { runLoad, type LoadResult } from './load.js';
import { BENCH_PASSWORD, growBigCompany, seedBench } from './seed.js';
import { firstPk } from './seed-people.js';
import { signInAs } from './sign-in.js';
import { LIST_SCENARIOS } from './list-scenarios.js';
import { withIndexesBuiltAfter } from './bulk-growth.js';

const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
const WARMUP_MS = 2_000;
export const DEFAULT_SIZES = [10_000, 100_000, 1_000_000, 10_000_000];
/** Folders the other nine tenths of the files are spread over. */
const FOLDERS = 1_000;
const SEARCH = 'Vendor 17';
const DOCUMENT_SEARCH = 'Invoice 0017';
/**
 * The tables whose indexes are built again after each size's rows are in. Not the lines, notes and
 * attachments: the transactions' triggers look their rows up by transaction as they go in.
 */
const REINDEXED_TABLES = ['transactions', 'files', 'documents'];

export interface ScalePoint {
  size: number;
  growSeconds: number;
  figures: Record<string, LoadResult>;
  loadAverage: { before: number; after: number };
}

export const sizesFlag = (argv: string[]) => {
  const given = argv.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length);
  return given ? given.split(',').map(Number) : DEFAULT_SIZES;
};

/** The company's documents: a big folder and `FOLDERS` others, grown with the transactions. */
const documentFolders = async (db: Db, ids: { firmPk: number; bigPk: number; accountantPk: number }) => {
  const big = firstPk(
    await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, created_by)
      values (${ids.firmPk}, ${ids.bigPk}, null, 'FOLDER', 'Big folder', ${ids.accountantPk}) returning pk`),
  );
  await db.execute(sql`insert into documents (firm_id, client_company_id, parent_id, kind, name, created_by)
    select ${ids.firmPk}, ${ids.bigPk}, null, 'FOLDER', 'Folder ' || lpad(g::text, 4, '0'), ${ids.accountantPk} from generate_series(1, ${FOLDERS}) g`);
  return big;
};

/** Files `from + 1` to `to`: one in ten into the big folder, the rest over the other folders, named as a firm's files go. */
const growDocuments = async (db: Db, ids: { firmPk: number; bigPk: number; accountantPk: number; folderPk: number }, from: number, to: number) => {
  const { firmPk, bigPk, accountantPk, folderPk } = ids;
  const before = ((await db.execute(sql`select coalesce(max(pk), 0) as pk from files`)) as { rows: { pk: number }[] }).rows[0]!.pk;
  const name = sql`(array['Invoice', 'Receipt', 'Bank statement', 'Payroll report'])[1 + g % 4] || ' ' || lpad(g::text, 8, '0') || '.pdf'`;
  await db.execute(sql`insert into files (firm_id, client_company_id, storage_key, name, content_type, size, sha256, created_by)
    select ${firmPk}, ${bigPk}, 'bench/scale/' || g, ${name}, 'application/pdf', 20000 + (g::bigint * 7919) % 2000000, 'bench', ${accountantPk}
    from generate_series(${from + 1}::int, ${to}::int) g`);
  await db.execute(sql`with folders as (select array_agg(pk order by pk) a from documents where client_company_id = ${bigPk} and kind = 'FOLDER' and pk <> ${folderPk})
    insert into documents (firm_id, client_company_id, parent_id, kind, name, file_id, size, content_type, created_by, created_at, updated_at)
    select ${firmPk}, ${bigPk}, case when f.pk % 10 = 0 then ${folderPk} else folders.a[1 + f.pk % ${FOLDERS}] end,
      'FILE', f.name, f.pk, f.size, 'application/pdf', ${accountantPk},
      timestamptz '2025-01-01' + (f.pk % 100000) * interval '10 minutes', timestamptz '2025-01-01' + (f.pk % 100000) * interval '10 minutes'
    from files f, folders where f.client_company_id = ${bigPk} and f.pk > ${before}`);
};

export const runScaleBench = async (url: string, sizes: number[]): Promise<ScalePoint[]> => {
  const port = 3270 + Math.floor(Math.random() * 10);
  const base = `http://127.0.0.1:${port}`;
  // The API migrates the empty database as it starts; it idles while the company grows.
  const api = await startApi(url, port);
  const database = fromPostgresUrl(url);
  try {
    process.stderr.write(`scale: seeding ${sizes[0]!.toLocaleString('en-US')}…\n`);
    let started = performance.now();
    const data = await seedBench(database.db, { smallCompanies: 0, perSmall: 0, big: sizes[0]! });
    const ids = { firmPk: data.firmPk, bigPk: data.bigCompanyPk, accountantPk: data.accountantPk };
    const folderPk = await documentFolders(database.db, ids);
    await growDocuments(database.db, { ...ids, folderPk }, 0, sizes[0]!);
    await database.db.execute(sql`vacuum analyze`);
    const client = await signInAs(base, data.clientEmail, BENCH_PASSWORD);
    const accountant = await signInAs(base, data.accountantEmail, BENCH_PASSWORD);
    const company = data.bigCompanyPk;
    const documents = `/api/v1/accounting/accountant/client-company/${company}/documents/list/?folder=${folderPk}&page_size=200&ordering=name`;
    const scenarios: [string, string, string][] = [
      ...LIST_SCENARIOS.map((s): [string, string, string] => [s.key, s.path(company), s.who === 'client' ? client.cookie : accountant.cookie]),
      ['search', `/api/v1/accounting/accountant/client-company/${company}/transactions/list/?search=${encodeURIComponent(SEARCH)}`, accountant.cookie],
      ['documents', documents, accountant.cookie],
      ['documentsSearch', `${documents}&search=${encodeURIComponent(DOCUMENT_SEARCH)}`, accountant.cookie],
    ];
    const points: ScalePoint[] = [];
    for (let i = 0; i < sizes.length; i++) {
      const size = sizes[i]!;
      if (i > 0) {
        process.stderr.write(`scale: growing to ${size.toLocaleString('en-US')}…\n`);
        started = performance.now();
        await withIndexesBuiltAfter(database.db, REINDEXED_TABLES, async () => {
          await growBigCompany(database.db, { ...ids, receiptPk: data.receiptPk }, sizes[i - 1]!, size);
          await growDocuments(database.db, { ...ids, folderPk }, sizes[i - 1]!, size);
        });
        await database.db.execute(sql`vacuum analyze`);
      }
      const growSeconds = (performance.now() - started) / 1000;
      const loadBefore = os.loadavg()[0]!;
      const figures: Record<string, LoadResult> = {};
      for (const [key, path, cookie] of scenarios) {
        process.stderr.write(`scale ${size.toLocaleString('en-US')}: ${key}…\n`);
        figures[key] = await runLoad({ url: `${base}${path}`, headers: { cookie } }, { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
      }
      points.push({ size, growSeconds, figures, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } });
      // Each size as it is measured: the next may take an hour to grow.
      process.stdout.write(`${renderScaleReport(points)}\n`);
    }
    return points;
  } finally {
    await database.close();
    await stopApi(api);
  }
};

const LABELS: Record<string, string> = {
  clientActive: 'Client active list, first page',
  categorizedFiltered: 'Accountant categorized list, 3 filters',
  counters: 'Counters',
  search: `Accountant active list, search “${SEARCH}”`,
  documents: 'Documents: the big folder, first 200 by name',
  documentsSearch: `Documents: the big folder, search “${DOCUMENT_SEARCH}”`,
};

export const renderScaleReport = (points: ScalePoint[]) => {
  const keys = Object.keys(points[0]?.figures ?? {});
  const at = (size: number) => points.find((p) => p.size === size);
  const [hundredK, tenM] = [at(100_000), at(10_000_000)];
  return [
    '<!-- scale:start -->',
    '## A company growing to millions of rows (PostgreSQL)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=scale\` (bench/scale.ts) on ${os.cpus().length} cores; the API alone (\`--role=api\`), ${CONNECTIONS} concurrent clients, ${DURATION_MS / 1000} s per figure after ${WARMUP_MS / 1000} s not counted.`,
    'One company holds every transaction of the firm (the hardest case for its own pages) and as many files, a tenth of them in one folder; p95 in ms, with throughput.',
    '',
    `| figure | ${points.map((p) => p.size.toLocaleString('en-US')).join(' | ')} |${hundredK && tenM ? ' 10M ÷ 100k (p95) |' : ''}`,
    `|---|${points.map(() => '---:').join('|')}|${hundredK && tenM ? '---:|' : ''}`,
    ...keys.map((key) => {
      const cells = points.map(
        (p) => `${p.figures[key]!.p95.toFixed(1)} (${Math.round(p.figures[key]!.rps)}/s${p.figures[key]!.errors ? `, ${p.figures[key]!.errors} errors` : ''})`,
      );
      const ratio = hundredK && tenM ? ` ${(tenM.figures[key]!.p95 / hundredK.figures[key]!.p95).toFixed(2)}× |` : '';
      return `| ${LABELS[key] ?? key} | ${cells.join(' | ')} |${ratio}`;
    }),
    '',
    `Growth (seconds to add the rows and vacuum): ${points.map((p) => `${p.size.toLocaleString('en-US')}: ${p.growSeconds.toFixed(0)} s`).join('; ')}. Machine load (1-minute average) before each size's figures: ${points.map((p) => p.loadAverage.before.toFixed(1)).join(', ')}.`,
    '<!-- scale:end -->',
    '',
  ].join('\n');
};
