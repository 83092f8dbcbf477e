import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRefs } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upsertReferencePage } from './qbo-refs.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 14);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('QuickBooks reference lists', () => {
  it('names a tax code by its description, not its code, and by its code when it has no description', async () => {
    const pk = (await signedInCast(t.db, newClient)).clientUser.companyId;
    await upsertReferencePage(t.db, pk, 'TaxCode', [
      { Id: 'NON', SyncToken: '0', Name: 'NON', Description: 'Non-Taxable' },
      { Id: 'TAX', SyncToken: '0', Name: 'TAX', Description: 'Taxable' },
      { Id: '7', SyncToken: '0', Name: 'City tax' },
    ]);
    const rows = await t.db
      .select({ id: ledgerRefs.externalId, name: ledgerRefs.name })
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, pk), eq(ledgerRefs.kind, 'TAX')));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.name]))).toEqual({ NON: 'Non-Taxable', TAX: 'Taxable', '7': 'City tax' });
  });
});
