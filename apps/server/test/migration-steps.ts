import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../src/db/client.js';

/** The migrations folder as it stood before `tag`: the same files, the journal stopping short of it. */
const folderBefore = (scratch: string, tag: string) => {
  const folder = path.join(scratch, 'before');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
};

/**
 * A data migration's test: a fresh embedded database migrated to just before
 * `tag`, `seed` writing the rows of that time, then every migration up to now;
 * `check` reads what they became. The database and its scratch folder go after.
 */
export const migrateAcross = async (tag: string, seed: (client: PGlite) => Promise<void>, check: (client: PGlite) => Promise<void>) => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'herd-migrations-'));
  const client = await PGlite.create();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folderBefore(scratch, tag) });
    await seed(client);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await check(client);
  } finally {
    await client.close();
    rmSync(scratch, { recursive: true, force: true });
  }
};
