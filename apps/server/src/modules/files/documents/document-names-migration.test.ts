import { describe, expect, it } from 'vitest';
import { migrateAcross } from '../../../../test/migration-steps.js';

describe('the document names migration', () => {
  it('brings names kept before the rule to one form without hidden characters, leaving a name that would clash as it was', async () => {
    await migrateAcross(
      '0061_document_names_one_form',
      async (client) => {
        await client.query(`INSERT INTO firms (company_name) VALUES ('Old Firm')`);
        await client.query(`INSERT INTO client_companies (firm_id, name, connection_kind) SELECT pk, 'Acme', 'CSV' FROM firms`);
        const names = [
          'Cafe\u0301',
          'invoice\u202efdp.exe',
          '\u200bNotes',
          // Two names that become one: the first (by pk) takes the clean form, the second stays as it was.
          'Re\u0301sume\u0301',
          'R\u00e9sum\u00e9\u200b',
          // Already clean and taken: the decomposed one beside it stays.
          'Plan',
          'Pla\u200dn',
          '\u200b',
        ];
        for (const name of names) {
          await client.query(`INSERT INTO documents (firm_id, client_company_id, kind, name) SELECT firm_id, pk, 'FOLDER', $1 FROM client_companies`, [name]);
        }
      },
      async (client) => {
        const { rows } = await client.query<{ name: string }>(`SELECT name FROM documents ORDER BY pk`);
        expect(rows.map((row) => row.name)).toEqual([
          'Caf\u00e9',
          'invoicefdp.exe',
          'Notes',
          'R\u00e9sum\u00e9',
          'R\u00e9sum\u00e9\u200b',
          'Plan',
          'Pla\u200dn',
          '\u200b',
        ]);
      },
    );
  }, 180_000);
});
