import { describe, expect, it } from 'vitest';
import { DEFAULT_FINISH_RULE } from '@herd/contract';
import { migrateAcross } from '../../test/migration-steps.js';

describe('the finish-rule migration', () => {
  it('gives every existing company the default rule: a category on every line, or a memo or an attachment', async () => {
    await migrateAcross(
      '0023_finish_rule',
      async (client) => {
        const { rows } = await client.query<{ pk: number }>(`INSERT INTO firms (company_name) VALUES ('Old Firm') RETURNING pk`);
        await client.query(
          `INSERT INTO client_companies (firm_id, name, connection_kind, client_editable_fields) VALUES ($1, 'Old Co', 'CSV', '{memo}'), ($1, 'Older Co', 'QBO', '{category,vendor}')`,
          [rows[0]!.pk],
        );
      },
      async (client) => {
        const after = await client.query<{ name: string; finish_rule: unknown }>(`SELECT name, finish_rule FROM client_companies ORDER BY name`);
        expect(after.rows).toEqual([
          { name: 'Old Co', finish_rule: DEFAULT_FINISH_RULE },
          { name: 'Older Co', finish_rule: DEFAULT_FINISH_RULE },
        ]);
      },
    );
    // Migrating a new database from nothing takes a while on a busy machine.
  }, 180_000);
});
