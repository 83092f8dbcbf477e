import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { createClientUser, signedInCast, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 41);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Subtype {
  subtype: string;
  account_type: string | null;
  assignable: boolean;
}

const path = (pk: number, system: string, query = '') => `accounting/selects/${pk}/${system}/account-subtypes/list/${query}`;

describe('account subtypes of each ledger', () => {
  it('lists QuickBooks Online’s detail types under their account types, each one a new category may take', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const all = (await cast.admin.get(path(pk, 'qbo'))).json() as Subtype[];
    expect(all).toContainEqual({ subtype: 'AdvertisingPromotional', account_type: 'Expense', assignable: true });
    expect(all).toContainEqual({ subtype: 'UndepositedFunds', account_type: 'Other Current Asset', assignable: true });
    expect(all.every((s) => s.assignable)).toBe(true);
    // One type's: the detail types the "new category" form offers for it are the same list.
    const expense = (await cast.admin.get(path(pk, 'qbo', '?account_type=Expense'))).json() as Subtype[];
    expect(expense.length).toBeGreaterThan(20);
    expect(expense.every((s) => s.account_type === 'Expense')).toBe(true);
    const types = (await cast.admin.get(`accounting/selects/${pk}/qbo/account-types/list/`)).json() as { type: string; subtypes: string[] }[];
    for (const { type, subtypes } of types) expect(all.filter((s) => s.account_type === type).map((s) => s.subtype)).toEqual(subtypes);
  });

  it('lists QuickBooks Desktop’s special account types, which QuickBooks sets itself', async () => {
    const cast = await signedInCast(t.db, newClient);
    const all = (await cast.admin.get(path(cast.clientUser.companyId, 'qbd'))).json() as Subtype[];
    expect(all).toContainEqual({ subtype: 'UncategorizedExpenses', account_type: 'Expense', assignable: false });
    expect(all).toContainEqual({ subtype: 'UndepositedFunds', account_type: 'OtherCurrentAsset', assignable: false });
    expect(all.some((s) => s.account_type === null)).toBe(true);
    expect(all.every((s) => !s.assignable)).toBe(true);
    const expense = (await cast.admin.get(path(cast.clientUser.companyId, 'qbd', '?account_type=Expense'))).json() as Subtype[];
    expect(expense.map((s) => s.subtype)).toEqual(['PayrollExpenses', 'ReconciliationDifferences', 'UncategorizedExpenses']);
  });

  it('lists Xero’s kinds of bank account under BANK; another Xero type has none', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await cast.client.get(path(pk, 'xero'))).json()).toEqual([
      { subtype: 'BANK', account_type: 'BANK', assignable: false },
      { subtype: 'CREDITCARD', account_type: 'BANK', assignable: false },
      { subtype: 'PAYPAL', account_type: 'BANK', assignable: false },
    ]);
    expect((await cast.client.get(path(pk, 'xero', '?account_type=EXPENSE'))).json()).toEqual([]);
  });

  it('refuses an account type the ledger does not have, naming the field', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    // Spelt as another ledger spells it: QuickBooks Online has "Expense", not Xero's "EXPENSE".
    const res = await cast.admin.get(path(pk, 'qbo', '?account_type=EXPENSE'));
    expect([res.statusCode, res.json()]).toEqual([400, { account_type: ['Account type is not valid.'] }]);
    expect((await cast.admin.get(path(pk, 'qbd', `?account_type=${'x'.repeat(101)}`))).statusCode).toBe(400);
  });

  it('is the company’s: another firm, another client of the firm and an unassigned team member get 404; signed out 401', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const neighbour = newClient();
    await signIn(neighbour, (await createClientUser(t.db, cast.firm.firmId)).email);
    for (const system of ['qbo', 'qbd', 'xero']) {
      expect((await cast.client.get(path(pk, system))).statusCode).toBe(200);
      expect((await cast.otherFirmAdmin.get(path(pk, system))).statusCode).toBe(404);
      expect((await neighbour.get(path(pk, system))).statusCode).toBe(404);
      expect((await cast.teamMember.get(path(pk, system))).statusCode).toBe(404);
      expect((await cast.anonymous.get(path(pk, system))).statusCode).toBe(401);
    }
  });
});
