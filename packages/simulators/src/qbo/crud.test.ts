import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj, type ApiClient } from './test-support.js';
import type { JsonObject } from './types.js';

async function findAccount(api: ApiClient, name: string): Promise<JsonObject> {
  const rows = list(obj((await api.query(`select * from Account where Name = '${name}' and Active IN (true, false)`)).body.QueryResponse).Account);
  return rows[0] ?? {};
}

function expenseLine(accountId: string, amount: number): JsonObject {
  return { Amount: amount, DetailType: 'AccountBasedExpenseLineDetail', AccountBasedExpenseLineDetail: { AccountRef: { value: accountId } } };
}

function faultCode(body: JsonObject): unknown {
  return list(obj(body.Fault).Error)[0]?.code;
}

describe('entity CRUD', () => {
  it('creates, reads, sparse-updates, fully updates and deletes a Purchase', async () => {
    const { api } = await connectedSimulator();
    const checking = await findAccount(api, 'Checking');
    const uncategorized = await findAccount(api, 'Uncategorized Expense');
    const office = await findAccount(api, 'Office Supplies');

    const created = await api.post('/purchase?minorversion=75', {
      PaymentType: 'Check',
      AccountRef: { value: String(checking.Id) },
      TxnDate: '2025-06-02',
      Line: [expenseLine(String(uncategorized.Id), 40.1), expenseLine(String(uncategorized.Id), 2.2)],
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('intuit_tid')).toMatch(/^1-/);
    const purchase = obj(created.body.Purchase);
    expect(purchase).toMatchObject({ SyncToken: '0', domain: 'QBO', sparse: false, TotalAmt: 42.3 });
    expect(list(purchase.Line).map((line) => line.Id)).toEqual(['1', '2']);
    const id = String(purchase.Id);

    const read = await api.get(`/purchase/${id}`);
    expect(obj(read.body.Purchase).TotalAmt).toBe(42.3);

    // Sparse: only PrivateNote changes, the lines stay.
    const sparse = await api.post('/purchase?operation=update', { Id: id, SyncToken: '0', sparse: true, PrivateNote: 'coded' });
    expect(obj(sparse.body.Purchase)).toMatchObject({ SyncToken: '1', PrivateNote: 'coded', TotalAmt: 42.3 });
    expect(list(obj(sparse.body.Purchase).Line)).toHaveLength(2);

    // A Line array replaces every line, and TotalAmt follows.
    const recoded = await api.post('/purchase', { Id: id, SyncToken: '1', sparse: true, Line: [expenseLine(String(office.Id), 42.3)] });
    const recodedRow = obj(recoded.body.Purchase);
    expect(recodedRow.SyncToken).toBe('2');
    // References come back with the referenced object's name, as QBO fills them in.
    expect(list(recodedRow.Line).map((line) => obj(line.AccountBasedExpenseLineDetail).AccountRef)).toEqual([{ value: String(office.Id), name: 'Office Supplies' }]);

    // Full update: fields left out are cleared.
    const full = await api.post('/purchase', {
      Id: id,
      SyncToken: '2',
      PaymentType: 'Check',
      AccountRef: { value: String(checking.Id) },
      TxnDate: '2025-06-03',
      Line: [expenseLine(String(office.Id), 10)],
    });
    expect(full.status).toBe(200);
    expect(obj(full.body.Purchase).PrivateNote).toBeUndefined();
    expect(obj(full.body.Purchase)).toMatchObject({ SyncToken: '3', TotalAmt: 10 });
    expect(obj(obj(full.body.Purchase).MetaData).CreateTime).toBe(obj(purchase.MetaData).CreateTime);

    const stale = await api.post('/purchase', { Id: id, SyncToken: '1', sparse: true, PrivateNote: 'late' });
    expect(stale.status).toBe(400);
    expect(faultCode(stale.body)).toBe('5010');
    expect(list(obj(stale.body.Fault).Error)[0]?.Message).toBe('Stale Object Error');

    const deleted = await api.post('/purchase?operation=delete', { Id: id, SyncToken: '3' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.Purchase).toEqual({ domain: 'QBO', status: 'Deleted', Id: id });
    const gone = await api.get(`/purchase/${id}`);
    expect(gone.status).toBe(400);
    expect(faultCode(gone.body)).toBe('610');
  });

  it('refuses a duplicate DisplayName across vendors, customers and employees (6240), and duplicate account names', async () => {
    const { api } = await connectedSimulator();
    expect((await api.post('/vendor', { DisplayName: 'Brand New Supplier' })).status).toBe(200);
    const asCustomer = await api.post('/customer', { DisplayName: 'brand new supplier' });
    expect(asCustomer.status).toBe(400);
    expect(faultCode(asCustomer.body)).toBe('6240');
    expect(list(obj(asCustomer.body.Fault).Error)[0]?.Message).toBe('Duplicate Name Exists');
    const account = await api.post('/account', { Name: 'Office Supplies', AccountType: 'Expense' });
    expect(faultCode(account.body)).toBe('6240');
    const klass = await api.post('/class', { Name: 'Retail' });
    expect(faultCode(klass.body)).toBe('6240');
    // Renaming a vendor to its own name is not a duplicate.
    const vendor = obj((await api.post('/vendor', { DisplayName: 'Another One' })).body.Vendor);
    expect((await api.post('/vendor', { Id: vendor.Id, SyncToken: vendor.SyncToken, sparse: true, DisplayName: 'Another One' })).status).toBe(200);
  });

  it('refuses references to inactive or missing entities with 610', async () => {
    const { api } = await connectedSimulator();
    const checking = await findAccount(api, 'Checking');
    const inactive = await findAccount(api, 'Promotional (old)');
    expect(inactive.Active).toBe(false);
    const base = { PaymentType: 'Cash', AccountRef: { value: String(checking.Id) } };
    const toInactive = await api.post('/purchase', { ...base, Line: [expenseLine(String(inactive.Id), 5)] });
    expect(toInactive.status).toBe(400);
    expect(faultCode(toInactive.body)).toBe('610');
    expect(list(obj(toInactive.body.Fault).Error)[0]?.Message).toBe('Object Not Found');
    expect(faultCode((await api.post('/purchase', { ...base, Line: [expenseLine('99999', 5)] })).body)).toBe('610');
    const badVendor = await api.post('/bill', { VendorRef: { value: '424242' }, Line: [expenseLine(String(checking.Id), 5)] });
    expect(faultCode(badVendor.body)).toBe('610');
  });

  it('refuses an unbalanced journal entry with a 6000 business validation fault', async () => {
    const { api } = await connectedSimulator();
    const checking = String((await findAccount(api, 'Checking')).Id);
    const expense = String((await findAccount(api, 'Uncategorized Expense')).Id);
    const line = (posting: string, account: string, amount: number): JsonObject => ({
      Amount: amount,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: { PostingType: posting, AccountRef: { value: account } },
    });
    const unbalanced = await api.post('/journalentry', { Line: [line('Debit', expense, 100), line('Credit', checking, 99.99)] });
    expect(unbalanced.status).toBe(400);
    expect(faultCode(unbalanced.body)).toBe('6000');
    const balanced = await api.post('/journalentry', { Line: [line('Debit', expense, 100), line('Credit', checking, 100)] });
    expect(obj(balanced.body.JournalEntry).TotalAmt).toBe(100);
  });

  it('computes Deposit totals and refuses list deletes and missing required fields', async () => {
    const { api } = await connectedSimulator();
    const checking = String((await findAccount(api, 'Checking')).Id);
    const income = String((await findAccount(api, 'Uncategorized Income')).Id);
    const deposit = await api.post('/deposit', {
      DepositToAccountRef: { value: checking },
      Line: [
        { Amount: 100.1, DetailType: 'DepositLineDetail', DepositLineDetail: { AccountRef: { value: income } } },
        { Amount: 0.2, DetailType: 'DepositLineDetail', DepositLineDetail: { AccountRef: { value: income } } },
      ],
    });
    expect(obj(deposit.body.Deposit).TotalAmt).toBe(100.3);
    const missing = await api.post('/deposit', { Line: [] });
    expect(faultCode(missing.body)).toBe('2020');
    const vendor = obj((await api.post('/vendor', { DisplayName: 'Delete Me' })).body.Vendor);
    expect((await api.post('/vendor?operation=delete', { Id: vendor.Id, SyncToken: '0' })).status).toBe(400);
  });

  it('keeps Customer/Vendor names in the global namespace even when inactive and resolves companyinfo and preferences', async () => {
    const { api, realmId } = await connectedSimulator();
    const inactiveVendors = list(obj((await api.query('select * from Vendor where Active = false')).body.QueryResponse).Vendor);
    expect(inactiveVendors.length).toBeGreaterThan(0);
    const clash = await api.post('/customer', { DisplayName: String(inactiveVendors[0]?.DisplayName) });
    expect(faultCode(clash.body)).toBe('6240');
    expect(obj((await api.get('/preferences')).body.Preferences).AccountingInfoPrefs).toMatchObject({ ClassTrackingPerTxnLine: true });
    expect(obj((await api.get(`/companyinfo/${realmId}`)).body.CompanyInfo).Country).toBe('US');
  });

  it('runs a batch of creates and queries, each item answering on its own', async () => {
    const { api } = await connectedSimulator();
    const response = await api.post('/batch', {
      BatchItemRequest: [
        { bId: '1', operation: 'create', Vendor: { DisplayName: 'Batch Vendor' } },
        { bId: '2', operation: 'create', Vendor: { DisplayName: 'Batch Vendor' } },
        { bId: '3', Query: "select * from Vendor where DisplayName = 'Batch Vendor'" },
      ],
    });
    const items = list(response.body.BatchItemResponse);
    expect(obj(items[0]?.Vendor).DisplayName).toBe('Batch Vendor');
    expect(list(obj(items[1]?.Fault).Error)[0]?.code).toBe('6240');
    expect(list(obj(items[2]?.QueryResponse).Vendor)).toHaveLength(1);
  });
});
