import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTemplateDatabase, dropDatabase } from '../../test/postgres-admin.js';
import { fromPglite, fromPostgresUrl, MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER, type Database } from './client.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
const migrationCount = journal.entries.length;

const appliedMigrations = async (database: Database) => Number((await database.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n);

describe('migrations started by several callers at once', () => {
  const url = process.env.TEST_DATABASE_URL;
  // Migrating from nothing on PGlite is heavy (every migration, twice over); the PGlite run proves it, and the
  // PostgreSQL run, beside the browser walks, would only repeat it under load.
  it.skipIf(Boolean(url))('on PGlite run one after the other in the process, each migration applied once', { timeout: 90_000 }, async () => {
    const database = fromPglite(await PGlite.create());
    try {
      await Promise.all([database.migrate(), database.migrate()]);
      expect(await appliedMigrations(database)).toBe(migrationCount);
      // A later start finds nothing to do.
      await database.migrate();
      expect(await appliedMigrations(database)).toBe(migrationCount);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!url)('on PostgreSQL wait for one another through the advisory lock: every process succeeds, the schema is migrated once', async () => {
    const name = `herd_migrate_lock_${randomBytes(5).toString('hex')}`;
    const fresh = await createTemplateDatabase(url!, name);
    // Separate pools, as separate API and worker processes would have.
    const processes = Array.from({ length: 5 }, () => fromPostgresUrl(fresh));
    try {
      await Promise.all(processes.map((p) => p.migrate()));
      expect(await appliedMigrations(processes[0]!)).toBe(migrationCount);
      const hashes = (await processes[0]!.executeSql('SELECT count(DISTINCT hash)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n;
      expect(hashes).toBe(migrationCount);
      // The lock is released once they are done: another session takes it at once.
      const other = new pg.Client({ connectionString: fresh });
      await other.connect();
      try {
        expect((await other.query('SELECT pg_try_advisory_lock($1) AS got', [MIGRATION_LOCK_KEY])).rows[0].got).toBe(true);
      } finally {
        await other.end();
      }
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await dropDatabase(url!, name);
    }
  });
});
