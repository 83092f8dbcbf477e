import { describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '../modules/firm/request-templates/starter-templates.service.js';
import { migrateAcross } from '../../test/migration-steps.js';

describe('the request templates migration', () => {
  it('gives every firm that existed before it the starter templates a new firm gets', async () => {
    await migrateAcross(
      '0037_request_templates',
      async (client) => {
        await client.query(`INSERT INTO firms (company_name) VALUES ('Old Firm'), ('Older Firm')`);
      },
      async (client) => {
        const { rows } = await client.query<{
          company_name: string;
          name: string;
          kind: string;
          subject: string;
          text: string;
          items: unknown;
          created_by: number | null;
        }>(
          `SELECT f.company_name, t.name, t.kind, t.subject, t.text, t.items, t.created_by FROM request_templates t JOIN firms f ON f.pk = t.firm_id ORDER BY f.company_name, t.name`,
        );
        const expected = [...STARTER_TEMPLATES].sort((a, b) => a.name.localeCompare(b.name));
        const firmRows = (firm: string) => rows.filter((row) => row.company_name === firm).map(({ company_name: _firm, ...rest }) => rest);
        for (const firm of ['Old Firm', 'Older Firm']) {
          expect(firmRows(firm)).toEqual(expected.map((t) => ({ name: t.name, kind: t.kind, subject: t.subject, text: t.text, items: t.items, created_by: null })));
        }
      },
    );
    // Migrating a new database from nothing takes a while on a busy machine.
  }, 180_000);
});
