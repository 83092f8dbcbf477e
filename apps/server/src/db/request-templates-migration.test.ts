import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '../modules/request-templates/starter-templates.js';
import { MIGRATIONS_FOLDER } from './client.js';

const THIS_MIGRATION = '0037_request_templates';
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

describe('the request templates migration', () => {
  it('gives every firm that existed before it the starter templates a new firm gets', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folderBefore() });
      await client.query(`INSERT INTO firms (company_name) VALUES ('Old Firm'), ('Older Firm')`);

      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const { rows } = await client.query<{ company_name: string; name: string; kind: string; subject: string; text: string; items: unknown; created_by: number | null }>(
        `SELECT f.company_name, t.name, t.kind, t.subject, t.text, t.items, t.created_by FROM request_templates t JOIN firms f ON f.pk = t.firm_id ORDER BY f.company_name, t.name`,
      );
      const expected = [...STARTER_TEMPLATES].sort((a, b) => a.name.localeCompare(b.name));
      const firmRows = (firm: string) => rows.filter((row) => row.company_name === firm).map(({ company_name: _firm, ...rest }) => rest);
      for (const firm of ['Old Firm', 'Older Firm']) {
        expect(firmRows(firm)).toEqual(expected.map((t) => ({ name: t.name, kind: t.kind, subject: t.subject, text: t.text, items: t.items, created_by: null })));
      }
    } finally {
      await client.close();
    }
    // Migrating a new database from nothing takes a while on a busy machine.
  }, 180_000);
});
