import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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

export const fromPglite = (client: PGlite): Database => {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      // PGlite prepares statements that carry parameters; a script without any runs as a whole.
      if (!values?.length) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
};

export const fromPostgresUrl = (url: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  // An idle connection the server drops (a restart, a failover) is replaced on next use; unheard, its error would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    executeSql: async (text, values) => ({ rows: (await pool.query<Record<string, unknown>>(text, values)).rows }),
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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
export const openDatabase = async (opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> => {
  if (opts.databaseUrl) return fromPostgresUrl(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'pgdata');
  // PGlite does not create parent folders itself.
  mkdirSync(opts.dataDir, { recursive: true });
  return fromPglite(await PGlite.create(dir));
};
