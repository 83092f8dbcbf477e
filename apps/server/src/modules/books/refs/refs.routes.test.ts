import { SYNC_ERRORS_BLOCK_MESSAGE } from '@herd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRefs, syncErrors, transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createLedgerAccount, createRef, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { forceStatus } from '../../../../test/status-audit.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 12);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  for (const name of ['Office Depot', 'Depot Cafe', 'Acme Supplies', 'Zeta Depot']) await createRef(t.db, pk, 'VENDOR', name);
  return { cast, pk };
};

describe('selects', () => {
  it('searches by name, names starting with the search first, for both sides', async () => {
    const { cast, pk } = await setup();
    const res = await cast.admin.get(`accounting/selects/${pk}/vendors/list/?search=depot`);
    expect(res.json().map((o: { name: string }) => o.name)).toEqual(['Depot Cafe', 'Office Depot', 'Zeta Depot']);
    expect((await cast.client.get(`accounting/selects/${pk}/vendors/list/?limit=2`)).json()).toHaveLength(2);
    expect((await cast.admin.get(`accounting/selects/${pk}/customers/list/`)).json()).toEqual([]);
  });

  it('lists a tracking category’s options; another category’s pk is 404', async () => {
    const { cast, pk } = await setup();
    const region = await createRef(t.db, pk, 'TRACKING_CATEGORY', 'Region');
    const [north] = await t.db
      .insert(ledgerRefs)
      .values({ clientCompanyId: pk, kind: 'TRACKING_OPTION', name: 'North', externalId: 'n', parentId: region.pk })
      .returning();
    const res = await cast.admin.get(`accounting/selects/${pk}/tracking-category/${region.pk}/options/list/`);
    expect(res.json()).toEqual([{ pk: north!.pk, name: 'North', active: true }]);
    const other = await setup();
    const theirs = await createRef(t.db, other.pk, 'TRACKING_CATEGORY', 'Theirs');
    expect((await cast.admin.get(`accounting/selects/${pk}/tracking-category/${theirs.pk}/options/list/`)).statusCode).toBe(404);
  });

  it('serves account types per ledger and tax calculations', async () => {
    const { cast, pk } = await setup();
    const qbo = (await cast.admin.get(`accounting/selects/${pk}/qbo/account-types/list/`)).json();
    expect(qbo.find((t: { type: string }) => t.type === 'Expense').subtypes).toContain('EntertainmentMeals');
    expect((await cast.admin.get(`accounting/selects/${pk}/xero/account-types/list/`)).json().map((t: { type: string }) => t.type)).toContain('OVERHEADS');
    expect((await cast.admin.get(`accounting/selects/${pk}/tax-calculations/list/`)).json().map((t: { name: string }) => t.name)).toEqual([
      'TaxExcluded',
      'TaxInclusive',
      'NotApplicable',
    ]);
  });

  it('is 404 for another firm or another client, and needs a session', async () => {
    const { cast, pk } = await setup();
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.get(`accounting/selects/${pk}/vendors/list/`)).statusCode).toBe(404);
    expect((await other.client.get(`accounting/selects/${pk}/vendors/list/`)).statusCode).toBe(404);
    expect((await cast.anonymous.get(`accounting/selects/${pk}/vendors/list/`)).statusCode).toBe(401);
  });
});

describe('accounts', () => {
  it('separates categories, herd accounts and payment accounts; the accountant chooses what is watched', async () => {
    const { cast, pk } = await setup();
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const ask = await createLedgerAccount(t.db, pk, { name: 'Ask My Accountant', isWatched: true });
    const bank = await createLedgerAccount(t.db, pk, { name: 'Checking', isPaymentAccount: true });
    const names = async (path: string) => (await cast.admin.get(path)).json().map((a: { name: string }) => a.name);
    expect(await names(`accounting/accountant/client-company/${pk}/categories/list/`)).toEqual(['Meals']);
    expect(await names(`accounting/accountant/client-company/${pk}/herd-accounts/list/`)).toEqual(['Ask My Accountant']);
    expect((await cast.client.get(`accounting/client/company/${pk}/payment-accounts/list/`)).json().map((a: { pk: number }) => a.pk)).toEqual([bank.pk]);

    expect((await cast.admin.patch(`accounting/accountant/client-company/${pk}/herd-accounts/update/`, { watched: [meals.pk] })).statusCode).toBe(204);
    expect(await names(`accounting/accountant/client-company/${pk}/herd-accounts/list/`)).toEqual(['Meals']);
    expect(ask.pk).toBeGreaterThan(0);
    const other = await setup();
    const foreign = await createLedgerAccount(t.db, other.pk, { name: 'Foreign' });
    expect((await cast.admin.patch(`accounting/accountant/client-company/${pk}/herd-accounts/update/`, { watched: [foreign.pk] })).json()).toEqual({
      watched: ['Accounts is not valid.'],
    });
    expect((await cast.client.patch(`accounting/accountant/client-company/${pk}/herd-accounts/update/`, { watched: [] })).statusCode).toBe(403);
  });
});

describe('creating vendors, customers and categories', () => {
  it('creates them, refuses duplicates, and refuses on a transaction with sync errors with the sync-errors message', async () => {
    const { cast, pk } = await setup();
    const vendor = await cast.admin.post(`accounting/accountant/client-company/${pk}/vendors/create/`, { name: 'New Vendor' });
    expect(vendor.statusCode).toBe(201);
    expect(vendor.json()).toMatchObject({ name: 'New Vendor', active: true });
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/vendors/create/`, { name: 'new vendor' })).json()).toEqual({
      name: ['A vendor with this name already exists.'],
    });
    const category = await cast.admin.post(`accounting/accountant/client-company/${pk}/categories/create/`, { name: 'Software', account_type: 'Expense' });
    expect(category.json()).toMatchObject({ name: 'Software', account_type: 'Expense' });
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/customers/create/`, {})).json()).toEqual({ name: ['Name is required.'] });

    const [tx] = await t.db
      .insert(transactions)
      .values({
        clientCompanyId: pk,
        externalId: 'e1',
        ledgerEntityType: 'csv',
        type: 'EXPENSE',
        subtype: 'BANK_DEBIT',
        date: '2026-01-01',
        amount: '5.00',
        status: 'SYNC_ERROR',
      })
      .returning();
    await t.db.insert(syncErrors).values({ transactionId: tx!.pk, message: 'Rejected by the ledger' });
    const blocked = await cast.admin.post(`accounting/accountant/client-company/${pk}/customers/create/`, { name: 'Blocked', transaction: tx!.pk });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toEqual({ detail: SYNC_ERRORS_BLOCK_MESSAGE });
    await forceStatus(t.db, tx!.pk, 'FINISHED_IN_HERD');
    expect((await cast.admin.post(`accounting/accountant/client-company/${pk}/customers/create/`, { name: 'Blocked', transaction: tx!.pk })).statusCode).toBe(400);

    expect((await cast.client.post(`accounting/accountant/client-company/${pk}/vendors/create/`, { name: 'Nope' })).statusCode).toBe(403);
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.post(`accounting/accountant/client-company/${pk}/vendors/create/`, { name: 'Nope' })).statusCode).toBe(404);
  });
});

describe('the client’s payment and watched accounts', () => {
  it('offers a restricted client only the accounts they may see; an unrestricted one and the accountant see all', async () => {
    const { cast, pk } = await setup();
    const checking = await createLedgerAccount(t.db, pk, { name: 'Checking', isPaymentAccount: true });
    await createLedgerAccount(t.db, pk, { name: 'Owner card', isPaymentAccount: true });
    const savings = await createLedgerAccount(t.db, pk, { name: 'Savings', isWatched: true });
    await createLedgerAccount(t.db, pk, { name: 'Private savings', isWatched: true });
    const names = async (client: typeof cast.client, path: string) => ((await client.get(path)).json() as { name: string }[]).map((a) => a.name).sort();
    const payment = `accounting/client/company/${pk}/payment-accounts/list/`;
    const watched = `accounting/client/company/${pk}/herd-accounts/list/`;
    expect(await names(cast.client, payment)).toEqual(['Checking', 'Owner card']);

    const restrictions = 'accounting/accountant/user-account-restrictions/';
    const user = cast.clientUser.userId;
    expect((await cast.admin.post(restrictions, { client_company: pk, user, account: checking.pk, kind: 'PAYMENT_ACCOUNT' })).statusCode).toBe(201);
    expect((await cast.admin.post(restrictions, { client_company: pk, user, account: savings.pk, kind: 'WATCHED_ACCOUNT' })).statusCode).toBe(201);
    expect(await names(cast.client, payment)).toEqual(['Checking']);
    expect(await names(cast.client, watched)).toEqual(['Savings']);
    expect(await names(cast.admin, `accounting/accountant/client-company/${pk}/herd-accounts/list/`)).toEqual(['Private savings', 'Savings']);
  });
});
