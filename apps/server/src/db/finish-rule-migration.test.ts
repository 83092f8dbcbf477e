import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FINISH_RULE } from '@herd/contract';
import { MIGRATIONS_FOLDER } from './client.js';

const THIS_MIGRATION = '0023_finish_rule';
const scratch = mkdtempSync(path.join(tmpdir(), 'herd-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as it stood before this migration: the same files, the journal stopping short of it. */
const folderBefore = () => {
  const folder = path.join(scratch, 'before');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === THIS_MIGRATION);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
};

describe('the finish-rule migration', () => {
  it('gives every existing company the default rule: a category on every line, or a memo or an attachment', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folderBefore() });
      const { rows } = await client.query<{ pk: number }>(`INSERT INTO firms (company_name) VALUES ('Old Firm') RETURNING pk`);
      await client.query(
        `INSERT INTO client_companies (firm_id, name, connection_kind, client_editable_fields) VALUES ($1, 'Old Co', 'CSV', '{memo}'), ($1, 'Older Co', 'QBO', '{category,vendor}')`,
        [rows[0]!.pk],
      );

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const after = await client.query<{ name: string; finish_rule: unknown }>(`SELECT name, finish_rule FROM client_companies ORDER BY name`);
      expect(after.rows).toEqual([
        { name: 'Old Co', finish_rule: DEFAULT_FINISH_RULE },
        { name: 'Older Co', finish_rule: DEFAULT_FINISH_RULE },
      ]);
    } finally {
      await client.close();
    }
    // Migrating a new database from nothing takes a while on a busy machine.
  }, 180_000);
});
