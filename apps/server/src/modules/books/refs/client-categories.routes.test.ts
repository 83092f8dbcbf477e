import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { bankCsv, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { isClientCategoryType } from './client-categories.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 13);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A company whose chart holds every kind of account QuickBooks (and Xero) has, and one transaction waiting for the client. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(1));
  const chart: [string, string][] = [
    ['Meals', 'Expense'],
    ['Ingredients', 'Cost of Goods Sold'],
    ['Interest', 'Other Income'],
    ['Sales', 'Income'],
    ['Office rent', 'OVERHEADS'],
    ['Receivables', 'Accounts Receivable'],
    ['Payables', 'Accounts Payable'],
    ['Owner draws', 'Equity'],
    ['Truck loan', 'Long Term Liability'],
    ['Savings', 'Other Current Asset'],
  ];
  const rows = await t.db
    .insert(ledgerAccounts)
    .values(chart.map(([name, accountType], i) => ({ clientCompanyId: pk, externalId: `acct-${i}`, name, accountType })))
    .returning();
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.pk]));
  const [tx] = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results;
  return { cast, pk, byName, tx: tx as { pk: number; amount: string } };
};

const names = async (client: TestClient, path: string) => ((await client.get(path)).json() as { name: string }[]).map((a) => a.name);

describe('categories a client may choose', () => {
  it('offers the client income and expense accounts only, and the accountant every account but receivables and payables', async () => {
    const { cast, pk } = await setup();
    const forClient = await names(cast.client, `accounting/client/company/${pk}/categories/list/?limit=100`);
    expect(forClient).toEqual(expect.arrayContaining(['Meals', 'Ingredients', 'Interest', 'Sales', 'Office rent']));
    for (const balanceSheet of ['Receivables', 'Payables', 'Owner draws', 'Truck loan', 'Savings']) expect(forClient).not.toContain(balanceSheet);

    const forAccountant = await names(cast.admin, `accounting/accountant/client-company/${pk}/categories/list/?limit=100`);
    expect(forAccountant).toEqual(expect.arrayContaining(['Meals', 'Sales', 'Owner draws', 'Truck loan', 'Savings']));
    // Invoices and bills move these; no bank line is filed under them by choice, on either side.
    for (const system of ['Receivables', 'Payables']) expect(forAccountant).not.toContain(system);
  });

  it('puts income accounts first for money in and expense accounts first for money out, the accountant’s balance-sheet accounts last', async () => {
    const { cast, pk } = await setup();
    const clientList = (direction: string, search = '') =>
      names(cast.client, `accounting/client/company/${pk}/categories/list/?limit=100&direction=${direction}${search ? `&search=${search}` : ''}`);
    expect(await clientList('SALES')).toEqual(['Interest', 'Sales', 'Ingredients', 'Meals', 'Office rent']);
    expect(await clientList('COSTS')).toEqual(['Ingredients', 'Meals', 'Office rent', 'Interest', 'Sales']);
    // A search keeps the direction first, then the names that start with what was typed.
    expect(await clientList('SALES', 'e')).toEqual(['Interest', 'Sales', 'Ingredients', 'Meals', 'Office rent']);
    expect(await clientList('COSTS', 'in')).toEqual(['Ingredients', 'Interest']);
    // Without a direction the list is by name, as before.
    expect(await names(cast.client, `accounting/client/company/${pk}/categories/list/?limit=100`)).toEqual(['Ingredients', 'Interest', 'Meals', 'Office rent', 'Sales']);

    const accountant = await names(cast.admin, `accounting/accountant/client-company/${pk}/categories/list/?limit=100&direction=COSTS`);
    expect(accountant).toEqual(['Ingredients', 'Meals', 'Office rent', 'Interest', 'Sales', 'Owner draws', 'Savings', 'Truck loan']);
  });

  it('refuses a direction that is not one', async () => {
    const { cast, pk } = await setup();
    const res = await cast.client.get(`accounting/client/company/${pk}/categories/list/?direction=UP`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ direction: ['Direction is not valid.'] });
  });

  it('refuses a client’s save with a balance-sheet category as a field error, and takes an expense', async () => {
    const { cast, pk, byName, tx } = await setup();
    const update = (category: number) =>
      cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [{ pk: tx.pk, lines: [{ amount: tx.amount, category }] }] });
    const refused = await update(byName.Payables!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'transactions.0.lines.0.category': ['Choose an income or expense category; your accountant handles bank, card, loan and equity accounts.'],
    });
    expect((await update(byName.Meals!)).statusCode).toBe(200);
  });

  it('lets the accountant save any account, and a client keep one the accountant chose', async () => {
    const { cast, pk, byName, tx } = await setup();
    const accountant = await cast.admin.patch(`accounting/accountant/client-company/${pk}/transactions/update/`, {
      transactions: [{ pk: tx.pk, lines: [{ amount: tx.amount, category: byName['Owner draws'] }] }],
    });
    expect(accountant.statusCode).toBe(200);
    const [line] = accountant.json()[0].lines;
    const kept = await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, {
      transactions: [{ pk: tx.pk, lines: [{ pk: line.pk, amount: tx.amount, category: byName['Owner draws'], description: 'Draw' }] }],
    });
    expect(kept.statusCode).toBe(200);
  });

  it('reads each ledger’s spelling of a type', () => {
    for (const type of ['Expense', 'Other Expense', 'OtherExpense', 'CostOfGoodsSold', 'DIRECTCOSTS', 'REVENUE', 'Other Income', ''])
      expect(isClientCategoryType(type)).toBe(true);
    for (const type of ['Bank', 'Credit Card', 'CreditCard', 'Accounts Payable', 'CURRLIAB', 'EQUITY', 'Fixed Asset', 'Something else'])
      expect(isClientCategoryType(type)).toBe(false);
  });
});
