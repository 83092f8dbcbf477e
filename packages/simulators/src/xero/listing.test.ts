import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';

describe('listing', () => {
  it('pages by 100 with a pagination block, honours pageSize, and stops on a short page', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 500 }] });
    const all = list((await api.get('/BankTransactions')).body.BankTransactions);
    expect(all.length).toBeGreaterThan(150);
    const first = await api.get('/BankTransactions?page=1');
    expect(list(first.body.BankTransactions)).toHaveLength(100);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 100, pageCount: Math.ceil(all.length / 100), itemCount: all.length });
    const ids: unknown[] = [];
    for (let page = 1; ; page++) {
      const rows = list((await api.get(`/BankTransactions?page=${page}&pageSize=60`)).body.BankTransactions);
      ids.push(...rows.map((row) => row.BankTransactionID));
      if (rows.length < 60) break;
    }
    expect(ids).toEqual(all.map((row) => row.BankTransactionID));
    expect((await api.get('/BankTransactions?page=0')).status).toBe(400);
    // A list Xero does not page has no pagination element.
    expect(obj((await api.get('/Accounts')).body)).not.toHaveProperty('pagination');
  });

  it('pages quotes by 100 without a pagination element, as their contract has it', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const contact = sim.listEntities(tenantId, 'Contacts')[0] ?? {};
    const seeded = sim.listEntities(tenantId, 'Quotes').length;
    for (let index = 0; index < 130 - seeded; index++) {
      sim.putEntity(tenantId, 'Quotes', {
        QuoteNumber: `QU-T${index}`,
        Contact: { ContactID: contact.ContactID ?? null },
        Date: '2026-05-01',
        Status: 'DRAFT',
        LineAmountTypes: 'EXCLUSIVE',
        LineItems: [],
      });
    }
    const first = obj((await api.get('/Quotes?page=1')).body);
    expect(list(first.Quotes)).toHaveLength(100);
    expect(first).not.toHaveProperty('pagination');
    const second = obj((await api.get('/Quotes?page=2')).body);
    expect(list(second.Quotes)).toHaveLength(30);
    expect(second).not.toHaveProperty('pagination');
  });

  it('filters purchase orders and quotes by DateFrom and DateTo, both days included', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    for (const row of sim.listEntities(tenantId, 'PurchaseOrders')) sim.deleteEntity(tenantId, 'PurchaseOrders', String(row.PurchaseOrderID));
    const contact = { ContactID: sim.listEntities(tenantId, 'Contacts')[0]?.ContactID ?? null };
    for (const day of ['2026-04-30', '2026-05-01', '2026-05-31', '2026-06-01']) {
      sim.putEntity(tenantId, 'PurchaseOrders', { PurchaseOrderNumber: `PO-${day}`, Contact: contact, Date: day, Status: 'DRAFT', LineItems: [] });
    }
    const numbers = list((await api.get('/PurchaseOrders?DateFrom=2026-05-01&DateTo=2026-05-31')).body.PurchaseOrders).map((row) => row.PurchaseOrderNumber);
    expect(numbers).toEqual(['PO-2026-05-01', 'PO-2026-05-31']);
    expect((await api.get('/PurchaseOrders?DateFrom=May')).status).toBe(400);
  });

  it('filters with where= and sorts with order=', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 120 }] });
    const where = encodeURIComponent('Type=="SPEND" AND Status=="AUTHORISED" AND Date>=DateTime(2026,04,01)');
    const rows = list((await api.get(`/BankTransactions?where=${where}&order=Date DESC`)).body.BankTransactions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.Type === 'SPEND')).toBe(true);
    const dates = rows.map((row) => Number(/\d+/.exec(String(row.Date))?.[0]));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const bank = list((await api.get(`/Accounts?where=${encodeURIComponent('Type=="BANK" AND BankAccountType=="CREDITCARD"')}`)).body.Accounts);
    expect(bank.map((account) => account.Name)).toEqual(['Company Credit Card']);
    const bad = await api.get(`/Accounts?where=${encodeURIComponent('Type="BANK"')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException' });
  });

  it('returns only records created or modified since If-Modified-Since', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 30 }] });
    sim.advanceClock(60_000);
    const since = new Date(sim.now()).toISOString().slice(0, 19);
    expect(list((await api.get('/Invoices', { 'if-modified-since': since })).body.Invoices)).toEqual([]);
    sim.advanceClock(5_000);
    const invoice = sim.listEntities(tenantId, 'Invoices')[0] ?? {};
    sim.putEntity(tenantId, 'Invoices', { InvoiceID: invoice.InvoiceID ?? null, Reference: 'edited in Xero' });
    const contact = await api.put('/Contacts', { Contacts: [{ Name: 'New Customer Ltd', IsCustomer: true }] });
    expect(contact.status).toBe(200);
    expect(list((await api.get('/Invoices', { 'if-modified-since': since })).body.Invoices).map((row) => row.InvoiceID)).toEqual([invoice.InvoiceID]);
    expect(list((await api.get('/Contacts', { 'if-modified-since': new Date(Date.parse(`${since}Z`)).toUTCString() })).body.Contacts).map((row) => row.Name)).toEqual([
      'New Customer Ltd',
    ]);
  });

  it('hides archived contacts unless includeArchived=true', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const contact = sim.listEntities(tenantId, 'Contacts')[0] ?? {};
    sim.putEntity(tenantId, 'Contacts', { ContactID: contact.ContactID ?? null, ContactStatus: 'ARCHIVED' });
    const names = async (query: string) => list((await api.get(`/Contacts${query}`)).body.Contacts).map((row) => row.Name);
    expect(await names('')).not.toContain(contact.Name);
    expect(await names('?includeArchived=true')).toContain(contact.Name);
  });
});
