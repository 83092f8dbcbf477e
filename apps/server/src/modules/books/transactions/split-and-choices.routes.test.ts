import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart } from '../../../../test/multipart.js';
import { UNRESTRICTED } from '../../../kernel/account-scope.js';
import { transactionListWhere } from './transactions-filters.queries.js';
import { countTransactions } from './transactions.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 14);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const { body, headers } = multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(1)) });
  await cast.admin.request('POST', `accounting/accountant/client-company/${pk}/transactions/import-csv/`, { body, headers });
  const [tx] = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results;
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  return { cast, pk, tx, meals, base: `accounting/accountant/client-company/${pk}/transactions` };
};

describe('split and line delete', () => {
  it('the accountant splits into lines that add up; a client deletes a line and its amount returns to the first', async () => {
    const { cast, tx, meals, base, pk } = await setup();
    const split = await cast.admin.post(`${base}/split/`, { pk: tx.pk, lines: [{ amount: '1.25', category: meals.pk }, { amount: '1.00' }, { amount: '1.00' }] });
    expect(split.statusCode).toBe(200);
    expect(split.json().lines.map((l: { amount: string }) => l.amount)).toEqual(['1.25', '1.00', '1.00']);
    expect((await cast.admin.post(`${base}/split/`, { pk: tx.pk, lines: [{ amount: '3.25' }] })).json()).toEqual({ lines: ['A split needs at least two lines.'] });
    expect((await cast.admin.post(`${base}/split/`, { pk: tx.pk, lines: [{ amount: '3.00' }, { amount: '1.00' }] })).json()).toEqual({
      'transactions.0.lines': ['The lines add up to 4.00 but the transaction is 3.25.'],
    });

    const lastLine = split.json().lines[2].pk;
    expect((await cast.client.post(`accounting/client/transaction-line/${lastLine}/delete/`)).statusCode).toBe(204);
    const after = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results[0];
    expect(after.lines.map((l: { amount: string }) => l.amount)).toEqual(['2.25', '1.00']);
    await cast.client.post(`accounting/client/transaction-line/${after.lines[1].pk}/delete/`);
    const single = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results[0];
    expect(single.lines).toEqual([expect.objectContaining({ amount: '3.25', category: { pk: meals.pk, name: 'Meals' } })]);
    const lastOne = await cast.client.post(`accounting/client/transaction-line/${single.lines[0].pk}/delete/`);
    expect(lastOne.json()).toEqual({ detail: 'A transaction keeps at least one line.' });
  });

  it('another firm or client cannot delete a line (404)', async () => {
    const { cast, tx, base } = await setup();
    const split = (await cast.admin.post(`${base}/split/`, { pk: tx.pk, lines: [{ amount: '2.25' }, { amount: '1.00' }] })).json();
    const other = await signedInCast(t.db, newClient);
    expect((await other.client.post(`accounting/client/transaction-line/${split.lines[1].pk}/delete/`)).statusCode).toBe(404);
    expect((await other.admin.post(`accounting/client/transaction-line/${split.lines[1].pk}/delete/`)).statusCode).toBe(404);
  });
});

describe('choices', () => {
  it('offers statuses, markers, the subtypes and payment accounts that occur', async () => {
    const { cast, base } = await setup();
    const res = (await cast.admin.get(`${base}/choices/`)).json();
    expect(res.subtypes).toEqual(['BANK_DEBIT']);
    expect(res.payment_accounts.map((a: { name: string }) => a.name)).toEqual(['Bank account']);
    expect(res.markers).toContain('WITHOUT_TRACKING_CATEGORY_TWO');
    expect(res.statuses).toContain('MATCHED_TO_PLATFORM');
    expect((await cast.client.get(`${base}/choices/`)).statusCode).toBe(403);
  });
});

describe('capped counts', () => {
  it('counts exactly up to the cap and says when there are more', async () => {
    const { pk } = await setup();
    const where = transactionListWhere({ companyPk: pk, statuses: ['READY'], hidden: false, restrictions: UNRESTRICTED });
    expect(await countTransactions(t.db, where, 5)).toEqual({ count: 1, capped: false });
    expect(await countTransactions(t.db, where, 0)).toEqual({ count: 0, capped: true });
  });

  it('lists report count_capped', async () => {
    const { cast, pk } = await setup();
    const list = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/`)).json();
    expect(list).toMatchObject({ count: 1, count_capped: false, next: null });
  });
});
