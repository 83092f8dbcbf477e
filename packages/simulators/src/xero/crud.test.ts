import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';

const bankTransaction = (overrides: Record<string, unknown> = {}) => ({
  Type: 'SPEND',
  Contact: { Name: 'PowerDirect' },
  BankAccount: { Code: '090' },
  LineAmountTypes: 'Exclusive',
  LineItems: [{ Description: 'Power bill', Quantity: 1, UnitAmount: 100.1, AccountCode: '445', TaxType: 'INPUT2' }],
  ...overrides,
});

describe('Accounting API writes', () => {
  it('PUT creates a bank transaction with exact totals, and GET by id returns it', async () => {
    const { api } = await connectedSimulator();
    const created = await api.put('/BankTransactions', { BankTransactions: [bankTransaction()] });
    expect(created.status).toBe(200);
    const [row] = list(created.body.BankTransactions);
    expect(row).toMatchObject({ Type: 'SPEND', SubTotal: 100.1, TotalTax: 15.02, Total: 115.12, Status: 'AUTHORISED' });
    expect(obj(row?.BankAccount)).toMatchObject({ Code: '090', Name: 'Business Bank Account' });
    expect(String(row?.UpdatedDateUTC)).toMatch(/^\/Date\(\d+\+0000\)\/$/);
    const id = String(row?.BankTransactionID);
    const fetched = await api.get(`/BankTransactions/${id}`);
    expect(list(fetched.body.BankTransactions)[0]).toMatchObject({ BankTransactionID: id, Total: 115.12 });
    expect((await api.get('/BankTransactions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps cents exact: 0.1 + 0.2 is 0.3, and inclusive lines split their tax out', async () => {
    const { api } = await connectedSimulator();
    const lines = [0.1, 0.2].map((UnitAmount) => ({ Description: 'x', UnitAmount, AccountCode: '429', TaxType: 'NONE' }));
    const exclusive = await api.put('/BankTransactions', { BankTransactions: [bankTransaction({ LineItems: lines })] });
    expect(list(exclusive.body.BankTransactions)[0]).toMatchObject({ SubTotal: 0.3, Total: 0.3 });
    const inclusive = await api.put('/BankTransactions', {
      BankTransactions: [bankTransaction({ LineAmountTypes: 'Inclusive', LineItems: [{ UnitAmount: 115, AccountCode: '445', TaxType: 'INPUT2' }] })],
    });
    expect(list(inclusive.body.BankTransactions)[0]).toMatchObject({ SubTotal: 100, TotalTax: 15, Total: 115 });
  });

  it('POST with an id updates, replacing LineItems; POST without one creates', async () => {
    const { api } = await connectedSimulator();
    const created = list((await api.post('/BankTransactions', { BankTransactions: [bankTransaction()] })).body.BankTransactions)[0];
    const id = String(created?.BankTransactionID);
    // The contract has Type, BankAccount and LineItems in every bank transaction sent, an update too.
    const updated = await api.post('/BankTransactions', {
      BankTransactions: [
        bankTransaction({
          BankTransactionID: id,
          Reference: 'recoded',
          LineItems: [
            { Description: 'Split A', UnitAmount: 40, AccountCode: '453', TaxType: 'NONE' },
            { Description: 'Split B', UnitAmount: 60, AccountCode: '429', TaxType: 'NONE' },
          ],
        }),
      ],
    });
    expect(updated.status).toBe(200);
    const row = list(updated.body.BankTransactions)[0];
    expect(row).toMatchObject({ BankTransactionID: id, Reference: 'recoded', Total: 100, Type: 'SPEND' });
    expect(list(row?.LineItems).map((line) => line.AccountCode)).toEqual(['453', '429']);
    // The path form, POST /BankTransactions/{id}, updates too.
    const byPath = await api.post(`/BankTransactions/${id}`, { BankTransactions: [bankTransaction({ Reference: 'again' })] });
    expect(list(byPath.body.BankTransactions)[0]).toMatchObject({ BankTransactionID: id, Reference: 'again' });
  });

  it('creates a contact named by a transaction that is not on file', async () => {
    const { sim, api, tenantId } = await connectedSimulator();
    await api.put('/BankTransactions', { BankTransactions: [bankTransaction({ Contact: { Name: 'Brand New Supplier' } })] });
    expect(sim.listEntities(tenantId, 'Contacts').some((contact) => contact.Name === 'Brand New Supplier')).toBe(true);
  });

  it('refuses writes to VOIDED and DELETED records and only voids approved invoices', async () => {
    const { api } = await connectedSimulator();
    const invoice = { Type: 'ACCPAY', Contact: { Name: 'PowerDirect' }, Status: 'AUTHORISED', LineItems: [{ Description: 'Power', UnitAmount: 50, AccountCode: '445' }] };
    const id = String(list((await api.put('/Invoices', { Invoices: [invoice] })).body.Invoices)[0]?.InvoiceID);
    expect((await api.post('/Invoices', { Invoices: [{ InvoiceID: id, Status: 'DELETED' }] })).status).toBe(400);
    const voided = await api.post('/Invoices', { Invoices: [{ InvoiceID: id, Status: 'VOIDED' }] });
    expect(list(voided.body.Invoices)[0]).toMatchObject({ Status: 'VOIDED' });
    const refused = await api.post('/Invoices', { Invoices: [{ InvoiceID: id, Reference: 'too late' }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('VOIDED');
  });

  it('creates tracking categories and adds options to them', async () => {
    const { api } = await connectedSimulator();
    const created = await api.put('/TrackingCategories', { Name: 'Project' });
    const id = String(list(created.body.TrackingCategories)[0]?.TrackingCategoryID);
    const alpha = await api.put(`/TrackingCategories/${id}/Options`, { Name: 'Alpha' });
    expect(list(alpha.body.Options).map((option) => option.Name)).toEqual(['Alpha']);
    await api.put(`/TrackingCategories/${id}/Options`, { Name: 'Beta' });
    expect((await api.put(`/TrackingCategories/${id}/Options`, { Name: 'alpha' })).status).toBe(400);
    const category = list((await api.get(`/TrackingCategories/${id}`)).body.TrackingCategories)[0];
    expect(list(category?.Options).map((option) => option.Name)).toEqual(['Alpha', 'Beta']);
  });

  it('a bank transfer writes its SPEND-TRANSFER and RECEIVE-TRANSFER, which the endpoint will not take directly', async () => {
    const { api } = await connectedSimulator();
    const transfer = await api.put('/BankTransfers', { BankTransfers: [{ FromBankAccount: { Code: '090' }, ToBankAccount: { Code: '091' }, Amount: 250.5 }] });
    const row = list(transfer.body.BankTransfers)[0];
    expect(row).toMatchObject({ Amount: 250.5, Status: 'AUTHORISED' });
    const spend = list((await api.get(`/BankTransactions/${String(row?.FromBankTransactionID)}`)).body.BankTransactions)[0];
    expect(spend).toMatchObject({ Type: 'SPEND-TRANSFER', Total: 250.5 });
    expect((await api.put('/BankTransactions', { BankTransactions: [bankTransaction({ Type: 'SPEND-TRANSFER' })] })).status).toBe(400);
  });

  it('refuses a client that does not ask for JSON', async () => {
    const { api } = await connectedSimulator();
    expect((await api.get('/Accounts', { accept: 'application/xml' })).status).toBe(406);
  });

  it('creates accounts with their class and refuses a taken code or name', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const created = await api.put('/Accounts', { Code: '455', Name: 'Software', Type: 'OVERHEADS', TaxType: 'INPUT2' });
    expect(list(created.body.Accounts)[0]).toMatchObject({ Code: '455', Class: 'EXPENSE', Status: 'ACTIVE' });
    const taken = await api.put('/Accounts', { Code: '455', Name: 'Suspense', Type: 'EXPENSE' });
    const messages = list(list(taken.body.Elements)[0]?.ValidationErrors).map((error) => error.Message);
    expect(messages).toEqual(['Please enter a unique Code.', 'Please enter a unique Name.']);
    expect((await api.put('/Items', { Items: [{ Code: 'DEV', Name: 'Again' }] })).status).toBe(400);
  });
});
