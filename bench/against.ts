/**
 * Herd measured beside its floor, and beside another commit, in one run on one machine
 * (`npm run bench -- --against=REF`; without a ref, the working tree alone beside its floor).
 *
 * The data is seeded once, on the older side's schema; the working tree's database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`) migrated forward by the working tree's API as it starts, the way a
 * deployment upgrades: both sides answer from the same rows, each through its own schema, so a
 * migration's cost (an index, a trigger) is measured on the side that has it. Each side runs its own
 * API (`--role=api`, its own checkout) and the two take turns, figure by figure, round after round,
 * the order flipping each round so neither always goes first. The working tree's lists are also
 * measured through a bare route and as SQL alone (bench/list-scenarios.ts).
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromPostgresUrl } from '../apps/server/src/db/client.js';
import { answerUntil, seedAnswerers, signInAnswerers, type Answerer } from './answers.js';
import { startApi, stopApi } from './api-process.js';
import { startBareServer } from './bare-floor.js';
import { summarize, type Summary } from './compare.js';
import { LIST_SCENARIOS, noteListStatements, type ListKey } from './list-scenarios.js';
import { loadResultOf, runLoad, type LoadResult } from './load.js';
import { databaseUrl, freshDatabase, postgresServerUrl } from './postgres.js';
import { BENCH_PASSWORD, seedBench, type BenchData } from './seed.js';
import { signInAs, type BenchSession } from './sign-in.js';
import { runSqlAlone } from './sql-alone.js';
import { checkoutRef, workingTree, type Checkout } from './worktree.js';

export type Section = 'lists' | 'answers';

export interface SideBySideOptions {
  /** The other commit, or null for the working tree alone. */
  ref: string | null;
  rounds: number;
  sections: Section[];
  /** Each list's time under load per round. */
  listMs: number;
  /** The answers' time under load per round. */
  answersMs: number;
  scale: number;
}

const CONNECTIONS = 10;
const ANSWERS_WARMUP_MS = 5_000;

interface Side {
  checkout: Checkout;
  url: string;
  api: ChildProcess;
  base: string;
  client: BenchSession;
  accountant: BenchSession;
  answerers: Awaited<ReturnType<typeof signInAnswerers>>;
}

/** Per side (working tree first), per figure, the summary of its rounds. */
export interface SideBySideResult {
  sides: { label: string; commit: string | null }[];
  data: BenchData;
  answerers: number;
  figures: Record<string, { sides: Summary[]; bare?: Summary; sql?: Summary; statements?: number }>;
  rounds: number;
  listMs: number;
  answersMs: number;
  loadAverage: { before: number; after: number };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A floor that failed is no floor: an error answers faster than the work, so a floor with errors
 * would make Herd look many times slower than it is. The run stops instead.
 */
const floorWithoutErrors = (result: LoadResult, what: string) => {
  if (result.errors > 0) throw new Error(`${what} failed ${result.errors} of ${result.requests} times: its statements are not what Herd sends`);
  return result;
};

/** The older side's database: migrated by its own API, then seeded with both parts' data. */
const seedOn = async (url: string, checkout: Checkout, scale: number) => {
  const api = await startApi(url, await freePort(), checkout.root);
  const database = fromPostgresUrl(url);
  try {
    process.stderr.write(`Seeding on the schema of ${checkout.label}…\n`);
    const data = await seedBench(database.db, { smallCompanies: Math.round(1000 * scale), perSmall: 200, big: Math.round(100_000 * scale) });
    const answerers = await seedAnswerers(database.db);
    return { data, answerers };
  } finally {
    await database.close();
    await stopApi(api);
  }
};

const startSide = async (checkout: Checkout, url: string, data: BenchData, answerers: Answerer[]): Promise<Side> => {
  const port = await freePort();
  const api = await startApi(url, port, checkout.root);
  const base = `http://127.0.0.1:${port}`;
  // The copy's statistics came with it; what a forward migration added has none until analysed.
  const database = fromPostgresUrl(url);
  await database.db.execute(sql`analyze`);
  await database.close();
  return {
    checkout,
    url,
    api,
    base,
    client: await signInAs(base, data.clientEmail, BENCH_PASSWORD),
    accountant: await signInAs(base, data.accountantEmail, BENCH_PASSWORD),
    answerers: await signInAnswerers(base, answerers),
  };
};

const answerRound = async (side: Side, durationMs: number, warmupMs: number): Promise<LoadResult> => {
  if (warmupMs) await answerUntil(side.base, side.answerers, performance.now() + warmupMs, false);
  const run = await answerUntil(side.base, side.answerers, performance.now() + durationMs, true);
  return loadResultOf(run.latencies, run.errors, run.seconds);
};

export const runSideBySide = async (options: SideBySideOptions): Promise<SideBySideResult> => {
  const server = postgresServerUrl();
  if (!server) throw new Error('the side-by-side run measures on PostgreSQL: set BENCH_DATABASE_URL (or run as root with PostgreSQL installed)');
  const ref = options.ref ? checkoutRef(options.ref) : null;
  const current = workingTree();
  const sides: Side[] = [];
  let stopBare = async () => {};
  try {
    const seededUrl = await freshDatabase(server, ref ? 'herd_bench_ref' : 'herd_bench_lists');
    const { data, answerers } = await seedOn(seededUrl, ref ?? current, options.scale);
    const currentUrl = ref ? await freshDatabase(server, 'herd_bench_new', { template: 'herd_bench_ref' }) : seededUrl;
    sides.push(await startSide(current, currentUrl, data, answerers));
    if (ref) sides.push(await startSide(ref, databaseUrl(server, 'herd_bench_ref'), data, answerers));

    const figures: SideBySideResult['figures'] = {};
    const runs = new Map<string, LoadResult[][]>();
    const floorRuns = new Map<string, { bare: LoadResult[]; sql: LoadResult[] }>();
    const record = (figure: string, sideIndex: number, result: LoadResult) => {
      const perSide = runs.get(figure) ?? sides.map(() => []);
      perSide[sideIndex]!.push(result);
      runs.set(figure, perSide);
    };

    const lists = options.sections.includes('lists');
    const statements = lists ? await noteListStatements(currentUrl, data) : null;
    let bareBase = '';
    if (statements) {
      const bare = await startBareServer(currentUrl, statements);
      stopBare = bare.stop;
      bareBase = bare.base;
      for (const key of Object.keys(statements)) floorRuns.set(key, { bare: [], sql: [] });
    }

    const loadBefore = os.loadavg()[0]!;
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => sides.length - 1 - i);
      const warmupMs = round === 0 ? 2_000 : 0;
      for (const scenario of lists ? LIST_SCENARIOS : []) {
        for (const i of order) {
          const side = sides[i]!;
          process.stderr.write(`round ${round + 1}/${options.rounds}: ${scenario.key}, ${side.checkout.label}…\n`);
          const who = scenario.who === 'client' ? side.client : side.accountant;
          record(
            scenario.key,
            i,
            await runLoad(
              { url: `${side.base}${scenario.path(data.bigCompanyPk)}`, headers: { cookie: who.cookie } },
              { connections: CONNECTIONS, durationMs: options.listMs, warmupMs },
            ),
          );
        }
        const floor = floorRuns.get(scenario.key)!;
        const bareRun = await runLoad({ url: `${bareBase}/bare/${scenario.key}`, headers: {} }, { connections: CONNECTIONS, durationMs: options.listMs, warmupMs });
        floor.bare.push(floorWithoutErrors(bareRun, `the bare route of ${scenario.key}`));
        const sqlRun = await runSqlAlone(currentUrl, statements![scenario.key as ListKey], { connections: CONNECTIONS, durationMs: options.listMs });
        floor.sql.push(floorWithoutErrors(sqlRun, `the SQL alone of ${scenario.key}`));
      }
      if (options.sections.includes('answers'))
        for (const i of order) {
          process.stderr.write(`round ${round + 1}/${options.rounds}: answers, ${sides[i]!.checkout.label}…\n`);
          record('answers', i, await answerRound(sides[i]!, options.answersMs, round === 0 ? ANSWERS_WARMUP_MS : 0));
        }
    }
    const loadAfter = os.loadavg()[0]!;
    for (const [figure, perSide] of runs) {
      const floor = floorRuns.get(figure);
      figures[figure] = {
        sides: perSide.map(summarize),
        ...(floor ? { bare: summarize(floor.bare), sql: summarize(floor.sql), statements: statements![figure as ListKey].length } : {}),
      };
    }
    return {
      sides: sides.map((s) => ({ label: s.checkout.label, commit: s.checkout.commit })),
      data,
      answerers: answerers.length,
      figures,
      rounds: options.rounds,
      listMs: options.listMs,
      answersMs: options.answersMs,
      loadAverage: { before: loadBefore, after: loadAfter },
    };
  } finally {
    await stopBare();
    for (const side of sides) await stopApi(side.api);
    ref?.remove();
  }
};
