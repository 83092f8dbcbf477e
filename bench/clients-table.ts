/**
 * `npm run bench -- --only=clients-table`: the firm's clients table (the accountant's list of client companies) with
 * 1,000 and then 10,000 client companies in one firm, on PostgreSQL (bench/seed-clients.ts grows the same firm in
 * place). At each size, behind the real API (`--role=api`, its own process, serving the built web app as well):
 * - under 10 concurrent clients for `BENCH_DURATION_MS` after 2 s not counted: the clients page's first request (the
 *   list's first page), the open work it asks next (of the page's companies), and the open work of every company
 *   (what the dashboard asks, and what the clients page asked beside its list before);
 * - in headless Chromium at 1440×900, signed in as the firm's administrator (who sees every client): the time from
 *   navigating to the clients page until its first rows are drawn (the first company by name in the table's first
 *   row, in view), and the CPU the page's main thread ran for until then, over several loads.
 * The built web app is WEB_DIST_DIR's (default apps/web/dist); BENCH_CLIENT_COMPANIES other sizes (e.g. `100,300`).
 * Requirement: first rows within 1 s.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { startApi, stopApi } from './api-process.js';
import { BENCH_CHROMIUM } from './app-server.js';
import { runLoad, type LoadResult } from './load.js';
import { writeSection } from './report.js';
import { CLIENTS_ADMIN_EMAIL, CLIENTS_PASSWORD, growClientCompanies, seedClientsFirm } from './seed-clients.js';
import { signInAs } from './sign-in.js';

const SIZES = (process.env.BENCH_CLIENT_COMPANIES || '1000,10000').split(',').map(Number);
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS || 10_000);
const WARMUP_MS = 2_000;
/** Page loads timed at each size; the first after signing in fetches the clients page's own code. */
const LOADS = 7;
const PORT = Number(process.env.BENCH_CLIENTS_PORT || 3262);
const root = path.resolve(import.meta.dirname, '..');
/** The clients page's first request, exactly as the web app sends it (its defaults: page 1 of 10, by name). */
const LIST = '/api/v1/accounting/accountant/client-companies/list/?page=1&page_size=10&ordering=name';
const COUNTS = '/api/v1/accounting/accountant/client-companies/transactions/count/';
/** The figures under load: what each request is called in the report. */
const REQUESTS = { list: 'list, first page', pageCounts: 'open work of the page', firmCounts: 'open work of every company' } as const;
type RequestName = keyof typeof REQUESTS;
const PAGE = '/dashboard/accountant/clients/';

interface PageLoad {
  /** From navigation start until the first row was drawn. */
  firstRows: number;
  /** When the list's answer had arrived (from navigation start). */
  listAnswered: number;
  rowsInTable: number;
  /** Milliseconds of CPU the page's main thread ran tasks for, from navigation until just after the first rows. */
  mainThreadCpu: number;
}

export interface ClientsTableSize {
  companies: number;
  seedSeconds: number;
  firstName: string;
  load: Record<RequestName, LoadResult & { bytes: number }>;
  loads: PageLoad[];
  loadAverage: { before: number; after: number };
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/**
 * Installed in every document before its own scripts: from the first frame, looks each frame for the table's
 * first row holding `name` in view, and notes the frame after it is found (the row drawn). Sent as text: the
 * bench runs through a loader that renames functions, and the page lacks its helper.
 */
const firstRowsWatch = (name: string) => `(() => {
  const check = () => {
    const link = document.querySelector('.ant-table-tbody tr.ant-table-row td a');
    const box = link && link.textContent === ${JSON.stringify(name)} ? link.getBoundingClientRect() : null;
    if (box && box.height > 0 && box.top < innerHeight) requestAnimationFrame(() => { window.__herdFirstRows = performance.now(); });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/**
 * Waits until the first rows are drawn and hands back the timings. Evaluated by the browser, not by the page's own
 * scripts: the app's content policy forbids eval.
 */
const FIRST_ROWS = `new Promise((resolve) => {
  const wait = () => {
    if (performance.now() > 60000) return resolve(null);
    if (window.__herdFirstRows === undefined) return setTimeout(wait, 20);
    resolve({
      firstRows: window.__herdFirstRows,
      listAnswered: performance.getEntriesByType('resource').find((e) => e.name.includes('client-companies/list/'))?.responseEnd ?? -1,
      rowsInTable: document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length,
    });
  };
  wait();
})`;

/** Waits until the open work the page asks after its rows has answered too, so the next load starts on a quiet server. */
const COUNTS_ANSWERED = `new Promise((resolve) => {
  const wait = () => (performance.getEntriesByType('resource').some((e) => e.name.includes('transactions/count/')) || performance.now() > 60000 ? resolve(true) : setTimeout(wait, 20));
  wait();
})`;

/**
 * Signs in through the sign-in page, as a person does, then opens the clients page LOADS times. Beside the wall-clock
 * times, each load's main-thread CPU until its first rows (Chromium's own count, per document): on a machine that other
 * work keeps busy the wall clock stretches, the CPU the page needs does not.
 */
const timePageLoads = async (browser: Browser, base: string, firstName: string): Promise<PageLoad[]> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/auth/`);
    await page.getByLabel('Email').fill(CLIENTS_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(CLIENTS_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\//);
    await page.addInitScript(firstRowsWatch(firstName));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const loads: PageLoad[] = [];
    for (let i = 0; i < LOADS; i++) {
      await page.goto(`${base}${PAGE}`, { waitUntil: 'commit' });
      const load = (await page.evaluate(FIRST_ROWS)) as Omit<PageLoad, 'mainThreadCpu'> | null;
      if (!load) throw new Error(`the clients page showed no first row "${firstName}" within a minute`);
      const { metrics } = await cdp.send('Performance.getMetrics');
      loads.push({ ...load, mainThreadCpu: (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000 });
      await page.evaluate(COUNTS_ANSWERED);
    }
    // BENCH_CLIENTS_SCREENSHOT: a picture of the last load, to see what was timed.
    if (process.env.BENCH_CLIENTS_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_CLIENTS_SCREENSHOT });
    return loads;
  } finally {
    await context.close();
  }
};

const answerBytes = async (url: string, cookie: string) => (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;

/** Grows the firm to `companies`, then measures the list under load and the page in the browser behind a fresh API. */
const measureSize = async (url: string, browser: Browser, grow: () => Promise<void>, companies: number, dist: string): Promise<ClientsTableSize> => {
  const seedStart = performance.now();
  await grow();
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const database = fromPostgresUrl(url);
  const first = (await database.db.execute(sql`select name from client_companies order by lower(name), pk limit 1`)) as { rows: { name: string }[] };
  await database.close();
  const base = `http://127.0.0.1:${PORT}`;
  const api = await startApi(url, PORT, root, { WEB_DIST_DIR: dist });
  try {
    const { cookie } = await signInAs(base, CLIENTS_ADMIN_EMAIL, CLIENTS_PASSWORD);
    const page = (await (await fetch(`${base}${LIST}`, { headers: { cookie } })).json()) as { results: { pk: number }[] };
    const urls: Record<RequestName, string> = {
      list: `${base}${LIST}`,
      pageCounts: `${base}${COUNTS}?client_companies=${page.results.map((c) => c.pk).join(',')}`,
      firmCounts: `${base}${COUNTS}`,
    };
    const loadBefore = os.loadavg()[0]!;
    const load = {} as ClientsTableSize['load'];
    for (const [name, requestUrl] of Object.entries(urls) as [RequestName, string][]) {
      process.stderr.write(`clients table, ${companies} companies: ${REQUESTS[name]} under load…\n`);
      const result = await runLoad({ url: requestUrl, headers: { cookie } }, { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS });
      load[name] = { ...result, bytes: await answerBytes(requestUrl, cookie) };
    }
    process.stderr.write(`clients table, ${companies} companies: the page in Chromium…\n`);
    const loads = await timePageLoads(browser, base, first.rows[0]!.name);
    return { companies, seedSeconds, firstName: first.rows[0]!.name, load, loads, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } };
  } finally {
    await stopApi(api);
  }
};

export const runClientsTableBench = async (url: string): Promise<ClientsTableSize[]> => {
  const dist = process.env.WEB_DIST_DIR || path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`no built web app in ${dist}: build it (npm run build) or set WEB_DIST_DIR`);
  const database = fromPostgresUrl(url);
  await database.migrate();
  const firm = await seedClientsFirm(database.db);
  await database.close();
  const browser = await chromium.launch(BENCH_CHROMIUM);
  const sizes: ClientsTableSize[] = [];
  try {
    let grownTo = 0;
    for (const companies of SIZES) {
      const from = grownTo;
      const grow = async () => {
        const db = fromPostgresUrl(url);
        await growClientCompanies(db.db, firm, from, companies);
        await db.close();
      };
      sizes.push(await measureSize(url, browser, grow, companies, dist));
      grownTo = companies;
    }
  } finally {
    await browser.close();
  }
  return sizes;
};

const ms = (n: number) => n.toFixed(0);
const count = (n: number) => n.toLocaleString('en-US');

export const renderClientsTableReport = (sizes: ClientsTableSize[]) =>
  [
    '<!-- clients-table:start -->',
    `## Clients table: ${sizes.map((s) => count(s.companies)).join(' and ')} client companies in one firm (PostgreSQL, Chromium)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=clients-table\` (bench/clients-table.ts, data from bench/seed-clients.ts) on ${os.cpus().length} cores.`,
    `One firm grown in place to each size; its companies carry every ledger (connected, needing sign-in again, disconnected, failing their pulls), one or two assigned team members (none for one in seven),`,
    `client users or pending invitations, and open work (transactions for two in three, receipts, requests). Behind the API alone (\`--role=api\`, its own process, serving the production build too),`,
    `signed in as the firm's administrator (who sees every client). Requirement: first rows within 1 s.`,
    '',
    `Under load: each request asked for ${DURATION_MS / 1000} s by ${CONNECTIONS} clients at once after ${WARMUP_MS / 1000} s not counted (answers uncompressed). The list's first page is the clients page's first request`,
    `(\`client-companies/list/?page=1&page_size=10&ordering=name\`); the open work of the page (\`transactions/count/?client_companies=…\`, its ten companies) is asked once the list has answered;`,
    `the open work of every company is what the dashboard asks (and what the clients page asked beside its list before it asked for its page only).`,
    '',
    '| companies | request | req/s | p50 ms | p95 ms | p99 ms | errors | answer |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...sizes.flatMap((s) =>
      (Object.keys(REQUESTS) as RequestName[]).map((name) => {
        const l = s.load[name];
        return `| ${count(s.companies)} | ${REQUESTS[name]} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.errors} | ${(l.bytes / 1024).toFixed(1)} KB |`;
      }),
    ),
    '',
    `In the browser: headless Chromium at 1440×900, ${LOADS} navigations to the clients page after signing in through the sign-in page (the first one fetches the page's own code),`,
    'each timed from navigation start until the first company by name is drawn in the table\'s first row; "list answered" is when the list\'s answer had arrived, from the same start;',
    "the main-thread CPU is what Chromium counts its page's main thread ran for over the same span (the wall clock less the waits, and less the time other work on the machine took the CPU).",
    '',
    '| companies | first rows: median | worst | each load | list answered (median) | main-thread CPU until first rows (median) | rows in the table | first row | seeded in | load average before / after |',
    '|---:|---:|---:|---|---:|---:|---:|---|---:|---|',
    ...sizes.map((s) => {
      const first = s.loads.map((l) => l.firstRows);
      const median = (pick: (l: PageLoad) => number) => `${ms(quantile(s.loads.map(pick), 0.5))} ms`;
      const cells = [
        count(s.companies),
        `${ms(quantile(first, 0.5))} ms`,
        `${ms(Math.max(...first))} ms`,
        first.map(ms).join(', '),
        median((l) => l.listAnswered),
        median((l) => l.mainThreadCpu),
        s.loads.at(-1)!.rowsInTable,
        s.firstName,
        `${s.seedSeconds.toFixed(1)} s`,
        `${s.loadAverage.before.toFixed(2)} / ${s.loadAverage.after.toFixed(2)}`,
      ];
      return `| ${cells.join(' | ')} |`;
    }),
    '<!-- clients-table:end -->',
    '',
  ].join('\n');

/** The part as `npm run bench` runs it: only when asked for by name (`--only=clients-table`), on PostgreSQL. */
export const runClientsTableSection = async ({ only, pgUrl, write, file }: { only: string | undefined; pgUrl: string | null; write: boolean; file: string }) => {
  if (only !== 'clients-table') return;
  if (!pgUrl) {
    process.stderr.write('The clients table skipped: it is measured on PostgreSQL (set BENCH_DATABASE_URL).\n');
    return;
  }
  process.stderr.write('\nClients table: 1,000 and 10,000 client companies in one firm, the list under load and the page in Chromium…\n');
  const section = renderClientsTableReport(await runClientsTableBench(pgUrl));
  process.stdout.write(`${section}\n`);
  if (write) writeSection(file, 'clients-table', section);
};
