import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 17);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const importList = (client: TestClient, companyPk: number, list: string, text: string) => {
  const { body, headers } = multipart({ list }, { name: 'list.csv', bytes: Buffer.from(text) });
  return client.request('POST', `accounting/accountant/client-company/${companyPk}/reference-lists/import-csv/`, { body, headers });
};

describe('reference lists from CSV', () => {
  it('imports vendors and accounts; re-importing updates instead of duplicating', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const vendors = await importList(cast.admin, pk, 'VENDOR', 'Name,Active\nCostco,yes\nPG&E,\nOld Vendor,no\n,\n');
    expect(vendors.json()).toEqual({ imported: 3, updated: 0, errors: [{ row: 5, message: 'Name is required.' }] });
    expect((await cast.admin.get(`accounting/selects/${pk}/vendors/list/`)).json().map((v: { name: string }) => v.name)).toEqual(['Costco', 'PG&E']);
    expect((await importList(cast.admin, pk, 'VENDOR', 'name\ncostco\n')).json()).toEqual({ imported: 0, updated: 1, errors: [] });

    const accounts = await importList(cast.admin, pk, 'ACCOUNT', 'Account Number,Account Name,Type\n6100,Meals,Expense\n4000,Sales,Income\n6100,Dup,Expense\n');
    expect(accounts.json()).toEqual({ imported: 2, updated: 0, errors: [{ row: 4, message: '"Dup" appears twice in the file.' }] });
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/categories/list/`)).json().map((a: { name: string }) => a.name)).toEqual(['Meals', 'Sales']);
  });

  it('refuses a missing or unknown list, a file without names, and other firms', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await importList(cast.admin, pk, '', 'name\nx\n')).json()).toEqual({ list: ['List is required.'] });
    expect((await importList(cast.admin, pk, 'SPACESHIP', 'name\nx\n')).json()).toEqual({ list: ['List is not valid.'] });
    expect((await importList(cast.admin, pk, 'VENDOR', 'foo,bar\n1,2\n')).json()).toEqual({ file: ['The file needs a name column.'] });
    expect((await importList(cast.otherFirmAdmin, pk, 'VENDOR', 'name\nx\n')).statusCode).toBe(404);
    expect((await importList(cast.client, pk, 'VENDOR', 'name\nx\n')).statusCode).toBe(403);
  });
});
