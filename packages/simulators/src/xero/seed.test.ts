import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createXeroControl } from './control.js';
import { xeroSimulatorPlugin } from './server.js';
import { createXeroState, type XeroSimulatorOptions } from './state.js';
import { CLIENT_ID, CLIENT_SECRET, START, list } from './test-support.js';
import type { JsonObject } from './types.js';

const options = (organisations: XeroSimulatorOptions['organisations']): XeroSimulatorOptions => ({
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  startTime: START,
  organisations,
});

const WATCHED = new Set(['250', '499']);
const lineCodes = (row: JsonObject) => list(row.LineItems ?? row.JournalLines ?? []).map((line) => String(line.AccountCode));
const isWatched = (row: JsonObject) => lineCodes(row).some((code) => WATCHED.has(code));

describe('seeded organisations', () => {
  it('hold a chart with bank, credit card, Suspense and Ask My Accountant, contacts, tracking, tax rates and items', () => {
    const control = createXeroControl(createXeroState(options([{ transactions: 10 }])));
    const tenantId = control.organisations()[0]?.tenantId ?? '';
    const accounts = control.listEntities(tenantId, 'Accounts');
    const byName = (name: string) => accounts.find((account) => account.Name === name);
    expect(byName('Business Bank Account')).toMatchObject({ Type: 'BANK', BankAccountType: 'BANK', Class: 'ASSET' });
    expect(byName('Company Credit Card')).toMatchObject({ Type: 'BANK', BankAccountType: 'CREDITCARD' });
    expect(byName('Suspense')).toMatchObject({ Code: '250', Type: 'CURRLIAB', Class: 'LIABILITY' });
    expect(byName('Ask My Accountant')).toMatchObject({ Code: '499', Type: 'EXPENSE', Class: 'EXPENSE' });
    expect(accounts.some((account) => account.Type === 'REVENUE')).toBe(true);
    expect(accounts.some((account) => account.Type === 'OVERHEADS')).toBe(true);
    const contacts = control.listEntities(tenantId, 'Contacts');
    expect(contacts.some((contact) => contact.IsSupplier === true)).toBe(true);
    expect(contacts.some((contact) => contact.IsCustomer === true)).toBe(true);
    const tracking = control.listEntities(tenantId, 'TrackingCategories');
    expect(tracking.map((category) => category.Name)).toEqual(['Region', 'Department']);
    expect(tracking.every((category) => list(category.Options).length >= 3)).toBe(true);
    expect(control.listEntities(tenantId, 'TaxRates').map((rate) => rate.TaxType)).toEqual(expect.arrayContaining(['INPUT', 'OUTPUT', 'NONE', 'INPUT2', 'OUTPUT2']));
    expect(control.listEntities(tenantId, 'TaxRates').find((rate) => rate.TaxType === 'INPUT2')).toMatchObject({ EffectiveRate: 15 });
    expect(control.listEntities(tenantId, 'Items').length).toBeGreaterThan(0);
  });

  it('covers every transaction subtype, with watched, categorized, split and tracked lines', () => {
    const control = createXeroControl(createXeroState(options([{}])));
    const tenantId = control.organisations()[0]?.tenantId ?? '';
    const rows = (endpoint: string) => control.listEntities(tenantId, endpoint);
    const bankTypes = new Set(rows('BankTransactions').map((row) => row.Type));
    for (const type of ['SPEND', 'SPEND-OVERPAYMENT', 'SPEND-PREPAYMENT', 'SPEND-TRANSFER', 'RECEIVE', 'RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT', 'RECEIVE-TRANSFER']) {
      expect(bankTypes, type).toContain(type);
    }
    expect(new Set(rows('Invoices').map((row) => row.Type))).toEqual(new Set(['ACCPAY', 'ACCREC']));
    expect(new Set(rows('RepeatingInvoices').map((row) => row.Type))).toEqual(new Set(['ACCPAY', 'ACCREC']));
    for (const endpoint of ['PurchaseOrders', 'Quotes', 'BankTransfers']) expect(rows(endpoint).length, endpoint).toBeGreaterThan(0);
    const journals = rows('ManualJournals');
    expect(journals.some((row) => list(row.JournalLines).some((line) => Number(line.LineAmount) < 0))).toBe(true);
    const documents = ['BankTransactions', 'Invoices', 'RepeatingInvoices', 'ManualJournals'].flatMap(rows);
    expect(documents.some(isWatched)).toBe(true);
    expect(documents.some((row) => !isWatched(row))).toBe(true);
    expect(documents.some((row) => list(row.LineItems ?? []).length > 1)).toBe(true);
    expect(documents.some((row) => list(row.LineItems ?? []).some((line) => list(line.Tracking).length === 2))).toBe(true);
  });

  it('puts exactly the asked number of transactions on watched accounts, for a bench-sized organisation too', () => {
    const started = Date.now();
    const control = createXeroControl(createXeroState(options([{ transactions: 20_000, watchedTransactions: 5_000 }])));
    expect(Date.now() - started).toBeLessThan(15_000);
    const tenantId = control.organisations()[0]?.tenantId ?? '';
    const watched = ['BankTransactions', 'Invoices', 'RepeatingInvoices', 'ManualJournals']
      .flatMap((endpoint) => control.listEntities(tenantId, endpoint))
      .filter(isWatched);
    expect(watched).toHaveLength(5_000);
  });

  it('is deterministic for the same options and clock', () => {
    const a = createXeroControl(createXeroState(options([{ transactions: 40 }])));
    const b = createXeroControl(createXeroState(options([{ transactions: 40 }])));
    const tenantId = a.organisations()[0]?.tenantId ?? '';
    expect(b.organisations()[0]?.tenantId).toBe(tenantId);
    expect(b.listEntities(tenantId, 'Invoices')).toEqual(a.listEntities(tenantId, 'Invoices'));
    expect(b.listEntities(tenantId, 'BankTransactions')).toEqual(a.listEntities(tenantId, 'BankTransactions'));
  });
});

describe('xeroSimulatorPlugin', () => {
  it('mounts under a prefix inside another Fastify app', async () => {
    const state = createXeroState(options([{ transactions: 2 }]));
    const app = Fastify();
    await app.register(xeroSimulatorPlugin, { prefix: '/sandbox/xero', state });
    const control = createXeroControl(state);
    const { access_token: token, tenantIds } = control.connect();
    const response = await app.inject({
      url: '/sandbox/xero/api.xro/2.0/Accounts',
      headers: { authorization: `Bearer ${token}`, 'xero-tenant-id': tenantIds[0] ?? '', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(list(response.json<JsonObject>().Accounts).length).toBeGreaterThan(10);
    const page = await app.inject({
      url: `/sandbox/xero/identity/connect/authorize?client_id=${CLIENT_ID}&response_type=code&scope=openid%20accounting.settings&redirect_uri=http://localhost/cb&state=s`,
    });
    expect(page.body).toContain('Sandbox Organisation 1');
    await app.close();
  });
});
