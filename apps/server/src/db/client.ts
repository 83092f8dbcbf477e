import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { claimDataDir } from '../lib/data-dir-lock.js';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensurePrivateDir } from '../lib/private-files.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The query builder, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL for libraries that bring their own (the job queue): one call may hold several statements when it has no parameters. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * The advisory lock every process takes around its migrations on PostgreSQL, so that API and
 * worker processes starting together on a new release apply each migration once, one after the
 * other, instead of racing on the migrations table. A fixed number of Herd's own ("herd" as bytes).
 */
export const MIGRATION_LOCK_KEY = 0x68657264;

/**
 * One migration at a time within this process. PGlite is one connection, so an advisory lock
 * there excludes nothing: two calls in one process would both read an empty migrations table.
 */
const serialised = () => {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = last.then(fn, fn);
    last = run.catch(() => {});
    return run;
  };
};

export const fromPglite = (client: PGlite): Database => {
  const db = drizzlePglite({ client, schema });
  const oneAtATime = serialised();
  return {
    // Either driver's database is the same query builder over its own result type, which `Db` leaves open (`raw-rows.ts`).
    db: db as Db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      // PGlite prepares statements that carry parameters; a script without any runs as a whole.
      if (!values?.length) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    },
    migrate: () => oneAtATime(() => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => client.close(),
  };
};

/**
 * Migrates on one connection holding the migration lock: a session-level advisory lock belongs to a
 * connection, so the migrator runs on that same connection (its transaction included), and the
 * lock is released, or dropped with the connection, whatever happens.
 */
const migrateLocked = async (pool: pg.Pool): Promise<void> => {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    // A connection whose unlock failed may still hold the lock: close it rather than pool it.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
};

export const fromPostgresUrl = (url: string, poolSize = 10): Database => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (a restart, a failover) is replaced on next use; unheard, its error would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as Db,
    kind: 'postgres',
    executeSql: async (text, values) => ({ rows: (await pool.query<Record<string, unknown>>(text, values)).rows }),
    migrate: () => migrateLocked(pool),
    close: async () => {
      // pool.end() resolves once its connections are told to close, not once they have: wait for
      // each, so that dropping the database right after (the tests do) finds none still open.
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          open -= 1;
          if (open <= 0) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
};

/** PostgreSQL when a URL is given, else the embedded PGlite under dataDir. */
export const openDatabase = async (opts: { databaseUrl: string | null; databasePoolSize: number; dataDir: string }): Promise<Database> => {
  if (opts.databaseUrl) return fromPostgresUrl(opts.databaseUrl, opts.databasePoolSize);
  const dir = path.join(opts.dataDir, 'pgdata');
  // PGlite does not create parent folders itself; the database is the owner's alone.
  ensurePrivateDir(opts.dataDir);
  const release = claimDataDir(opts.dataDir);
  try {
    const database = fromPglite(await PGlite.create(dir));
    return { ...database, close: () => database.close().finally(release) };
  } catch (err) {
    release();
    throw err;
  }
};
