import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXeroAdapterWorld, XERO_COMPANY as COMPANY, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import { xeroLookups } from './xero-lookups.js';
import { xeroRecordOf } from './xero-records.js';
import { xeroDay } from './xero-values.js';

/**
 * What Herd sends Xero, held to Xero's published contract (the simulator refuses, and fails the
 * test, for anything outside it): each list asked only what it takes, every page of a list read
 * whether or not Xero says how many there are, an account made as the contract makes one, a file
 * sent as the contract takes it; and nothing read back that the contract does not promise.
 */
let world: XeroAdapterWorld;
let sim: XeroAdapterWorld['sim'];
let tenant: string;
const QUOTES = 130;

beforeAll(async () => {
  world = await openXeroAdapterWorld();
  ({ sim, tenant } = world);
  // More quotes than one page holds: Xero pages them by 100 and its answer carries no `pagination`.
  const contact = { ContactID: sim.listEntities(tenant, 'Contacts')[0]!.ContactID ?? null };
  const seeded = sim.listEntities(tenant, 'Quotes').length;
  for (let n = seeded; n < QUOTES; n++) {
    sim.putEntity(tenant, 'Quotes', { QuoteNumber: `QU-X${n}`, Contact: contact, Date: '2026-05-01', Status: 'DRAFT', LineAmountTypes: 'EXCLUSIVE', LineItems: [] });
  }
});
afterAll(async () => sim?.close());

const apiRequests = (since: number) => sim.requests.slice(since).filter((entry) => entry.path.includes('/api.xro/2.0/'));
const listName = (path: string) => path.split('/api.xro/2.0/')[1]!;

describe('Herd’s requests to Xero, by its published contract', () => {
  it('reads a list that Xero pages without a pagination element to its end, asking again while a page comes back full', async () => {
    const api = await world.context.openApi(COMPANY.pk);
    const before = sim.requests.length;
    const pages = [];
    for await (const page of api.pages('Quotes')) pages.push(page);
    expect(pages.map((page) => page.rows.length)).toEqual([100, QUOTES - 100]);
    expect(new Set(pages.flatMap((page) => page.rows.map((row) => row.QuoteID))).size).toBe(QUOTES);
    expect(apiRequests(before).map((entry) => entry.query.page)).toEqual(['1', '2']);
  });

  it('pulls every quote, and asks each list only the parameters its contract gives it', async () => {
    const before = sim.requests.length;
    const { records } = await world.pullAll();
    expect(records.filter((record) => record.externalId.startsWith('Quote:'))).toHaveLength(QUOTES);
    const requests = apiRequests(before);
    // Lists Xero does not page are read in one request, without `page`.
    for (const list of ['Accounts', 'TrackingCategories', 'TaxRates', 'Items', 'RepeatingInvoices']) {
      const asked = requests.filter((entry) => listName(entry.path) === list);
      expect(asked, list).toHaveLength(1);
      expect(asked[0]!.query, list).not.toHaveProperty('page');
    }
    // Purchase orders and quotes take no `where`: their date filter is DateFrom.
    for (const list of ['PurchaseOrders', 'Quotes']) {
      for (const entry of requests.filter((request) => listName(request.path) === list)) {
        expect(entry.query, list).toEqual({ DateFrom: COMPANY.syncDate, page: expect.stringMatching(/^\d+$/) });
      }
    }
    const bank = requests.find((entry) => listName(entry.path) === 'BankTransactions')!;
    expect(bank.query).toEqual({ where: 'Date >= DateTime(2000, 01, 01)', page: '1' });
  });

  it('makes a category as Xero’s contract makes an account (PUT with the one account), and says Xero’s refusal', async () => {
    const before = sim.requests.length;
    const created = await world.adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Drone Hire', accountType: 'EXPENSE', accountSubtype: null });
    expect(created).toMatchObject({ kind: 'created', raw: { Name: 'Drone Hire', Type: 'EXPENSE' } });
    const write = apiRequests(before).find((entry) => entry.method !== 'GET')!;
    expect([write.method, listName(write.path), write.query]).toEqual(['PUT', 'Accounts', {}]);
    const again = await world.adapter.createListEntry(COMPANY, { kind: 'CATEGORY', name: 'Drone Hire', accountType: 'EXPENSE', accountSubtype: null });
    expect(again).toEqual({ kind: 'refused', message: 'Please enter a unique Name.' });
  });

  it('sends a file as the bytes the contract takes, and Xero types it by its name', async () => {
    const spend = sim.listEntities(tenant, 'BankTransactions')[0]!;
    const target = { entityType: 'BankTransaction', externalId: `BankTransaction:${String(spend.BankTransactionID)}` };
    const uploaded: string[] = [];
    const file = {
      name: 'receipt.pdf',
      contentType: 'application/pdf',
      read: async () => Buffer.from('%PDF-1.4 receipt'),
      uploaded: async (id: string) => void uploaded.push(id),
    };
    expect(await world.adapter.attachFiles!(COMPANY, target, [file])).toBeNull();
    expect(uploaded).toHaveLength(1);
    expect(await world.adapter.listFiles!(COMPANY, target)).toEqual([{ id: uploaded[0], name: 'receipt.pdf', contentType: 'application/pdf', size: 16 }]);
  });
});

describe('what Herd reads of Xero’s answers, by its published contract', () => {
  const lookups = xeroLookups({ accounts: [], refs: [] });

  it('dates an object by its Date, not by a DateString twin the contract does not define', () => {
    expect(xeroDay({ Date: '/Date(1777593600000+0000)/', DateString: '2020-01-01T00:00:00' })).toBe('2026-05-01');
    expect(xeroDay({ Schedule: { StartDate: '/Date(1777593600000+0000)/', StartDateString: '2020-01-01T00:00:00' } })).toBe('2026-05-01');
  });

  it('gives a repeating invoice, which the contract stamps with no UpdatedDateUTC, no version rather than an empty one', () => {
    const template = { RepeatingInvoiceID: 'r1', Type: 'ACCPAY', Status: 'AUTHORISED', Schedule: { StartDate: '/Date(1777593600000+0000)/' }, LineItems: [] };
    expect(xeroRecordOf('RepeatingInvoice', template, lookups).version).toBeNull();
    expect(xeroRecordOf('Invoice', { InvoiceID: 'i1', Type: 'ACCPAY', UpdatedDateUTC: '/Date(1777593600000+0000)/', LineItems: [] }, lookups).version).toBe(
      '1777593600000',
    );
  });
});
