import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord, SettledItem } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine } from '../../../test/publish-lines.js';
import { openXeroAdapterWorld, publishItemFor, xeroIdOfRecord, type PullRun, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import { XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';

/**
 * One answer of every subtype Herd reads from Xero, published together: a split over two
 * categories, the first line with a tax type and an option of each tracking category. Xero's copy
 * then holds exactly those lines (to the cent, a journal's on the side of the line they replace)
 * beside the lines it held off the watched accounts. The kinds Xero does not let Herd recategorize
 * (a transfer's sides, an overpayment) are refused before anything is sent, and stay as they were.
 */
const EDITABLE = [
  'SPEND',
  'RECEIVE',
  'SPEND_PREPAYMENT',
  'RECEIVE_PREPAYMENT',
  'ACCPAY_INVOICE',
  'ACCREC_INVOICE',
  'REPEATING_ACCPAY_INVOICE',
  'REPEATING_ACCREC_INVOICE',
  'PURCHASE_ORDER',
  'QUOTE',
  'MANUAL_JOURNAL:EXPENSE',
  'MANUAL_JOURNAL:DEPOSIT',
];
const REFUSED = ['SPEND_TRANSFER', 'RECEIVE_TRANSFER', 'SPEND_OVERPAYMENT', 'RECEIVE_OVERPAYMENT'];
const WATCHED_CODES = ['250', '499'];

let world: XeroAdapterWorld;
let pulled: PullRun;
/** One record per subtype (a journal per side), as pulled. */
let bySubtype: Map<string, LedgerRecord>;
let settled: SettledItem[];

interface XeroLine {
  Description?: string;
  AccountCode?: string;
  TaxType?: string;
  LineAmount: number;
  Tracking?: { TrackingOptionID: string }[];
}
const cents = (amount: number) => Math.round(amount * 100);
const entityOf = (record: LedgerRecord) => record.transaction!.entityType as XeroEntity;
const storedOf = (record: LedgerRecord) => world.sim.getEntity(world.tenant, XERO_TRANSACTION_ENTITIES[entityOf(record)].collection, xeroIdOfRecord(record))!;
const linesOf = (record: LedgerRecord, object: Record<string, unknown>) => object[XERO_TRANSACTION_ENTITIES[entityOf(record)].lines] as XeroLine[];
const keyOf = (record: LedgerRecord) => (record.transaction!.subtype === 'MANUAL_JOURNAL' ? `MANUAL_JOURNAL:${record.transaction!.type}` : record.transaction!.subtype);

/** Kinds the seed never parks on a watched account (their lines post to a bank, AP/AR, or nowhere), parked there by hand. */
const parkOnWatchedAccounts = () => {
  const { sim, tenant } = world;
  const accounts = sim.listEntities(tenant, 'Accounts');
  const account = (code: string) => accounts.find((a) => a.Code === code)!;
  const contact = sim.listEntities(tenant, 'Contacts')[0]!;
  const parked = (amount: number) => ({
    Contact: { ContactID: contact.ContactID, Name: contact.Name },
    Date: new Date(sim.now()).toISOString().slice(0, 10),
    LineAmountTypes: 'NoTax',
    LineItems: [{ Description: 'Parked', Quantity: 1, UnitAmount: amount, LineAmount: amount, AccountCode: '499', AccountID: account('499').AccountID, TaxType: 'NONE' }],
    SubTotal: amount,
    TotalTax: 0,
    Total: amount,
  });
  const bank = { AccountID: account('090').AccountID, Code: '090', Name: account('090').Name };
  sim.putEntity(tenant, 'PurchaseOrders', { PurchaseOrderNumber: 'PO-9001', ...parked(431.07), Status: 'AUTHORISED' });
  // A quote spells its LineAmountTypes in capitals (Xero's contract: QuoteLineAmountTypes).
  sim.putEntity(tenant, 'Quotes', { QuoteNumber: 'QU-9001', ...parked(1289.33), LineAmountTypes: 'NOTAX', Status: 'SENT' });
  for (const [Type, amount] of [
    ['SPEND-TRANSFER', 250.01],
    ['RECEIVE-TRANSFER', 250.02],
    ['SPEND-OVERPAYMENT', 77.77],
    ['RECEIVE-OVERPAYMENT', 88.88],
  ] as const) {
    sim.putEntity(tenant, 'BankTransactions', { Type, ...parked(amount), BankAccount: bank, Status: 'AUTHORISED' });
  }
};

beforeAll(async () => {
  // Every transaction the seed makes parks a line on a watched account.
  world = await openXeroAdapterWorld({ organisations: [{ transactions: 120, watchedShare: 1 }] });
  parkOnWatchedAccounts();
  pulled = await world.pullAll();
  bySubtype = new Map();
  // Invoices Xero still lets change: not paid (Xero refuses edits then), not voided (gone).
  const editable = (r: LedgerRecord) => r.transaction && !['PAID', 'VOIDED'].includes(String((r.raw as { Status?: string }).Status));
  for (const record of pulled.records.filter(editable)) if (!bySubtype.has(keyOf(record))) bySubtype.set(keyOf(record), record);
  expect([...bySubtype.keys()].sort()).toEqual([...EDITABLE, ...REFUSED].sort());
});
afterAll(async () => world?.sim.close());

const category = (code: string) => pulled.references.accounts.find((a) => (a.raw as { Code?: string }).Code === code)!.externalId;
const option = (name: string) => pulled.references.refs.find((r) => r.kind === 'TRACKING_OPTION' && (r.raw as { Name?: string }).Name === name)!.externalId;

describe('publishing an answer of every subtype', () => {
  beforeAll(async () => {
    const before = new Map([...bySubtype.values()].map((record) => [record.externalId, storedOf(record)]));
    const items = [...bySubtype.values()].map((record, key) => {
      const total = record.transaction!.amountCents;
      const first = Math.floor(total / 3);
      const deposit = record.transaction!.type === 'DEPOSIT';
      return publishItemFor(record, key, [
        publishLine(first, category(deposit ? '200' : '429'), {
          description: 'Answer one',
          taxExternalId: deposit ? 'OUTPUT2' : 'INPUT2',
          trackingOneExternalId: option('North'),
          trackingTwoExternalId: option('Sales'),
        }),
        publishLine(total - first, category(deposit ? '260' : '453'), { description: 'Answer two' }),
      ]);
    });
    settled = await world.publish(items, pulled.references);
    for (const record of bySubtype.values()) if (REFUSED.includes(keyOf(record))) expect(storedOf(record), keyOf(record)).toEqual(before.get(record.externalId));
  });

  const outcomeOf = (subtype: string) => settled.find((s) => s.item.externalId === bySubtype.get(subtype)!.externalId)!.outcome;

  it.each(EDITABLE)('%s: Xero holds the answer’s lines, accounts, tax type and tracking, to the cent, and its other lines as they were', (subtype) => {
    const record = bySubtype.get(subtype)!;
    expect(outcomeOf(subtype)).toMatchObject({ kind: 'published' });
    const lines = linesOf(record, storedOf(record));
    const held = linesOf(record, record.raw!);
    const total = record.transaction!.amountCents;
    const first = Math.floor(total / 3);
    const deposit = record.transaction!.type === 'DEPOSIT';
    // A journal's lines are signed: the answer's sit on the side of the watched line they replace.
    const sign = entityOf(record) === 'ManualJournal' ? Math.sign(cents(held.find((l) => WATCHED_CODES.includes(l.AccountCode!))!.LineAmount)) : 1;

    expect(lines.filter((l) => WATCHED_CODES.includes(l.AccountCode!))).toEqual([]);
    const kept = held.filter((l) => !WATCHED_CODES.includes(l.AccountCode!)).map((l) => [l.AccountCode, cents(l.LineAmount)]);
    expect(lines.filter((l) => !l.Description?.startsWith('Answer')).map((l) => [l.AccountCode, cents(l.LineAmount)])).toEqual(kept);
    const one = lines.find((l) => l.Description === 'Answer one')!;
    expect(one).toMatchObject({ AccountCode: deposit ? '200' : '429', TaxType: deposit ? 'OUTPUT2' : 'INPUT2' });
    expect(cents(one.LineAmount)).toBe(sign * first);
    expect(one.Tracking!.map((t) => t.TrackingOptionID)).toEqual([option('North'), option('Sales')]);
    const two = lines.find((l) => l.Description === 'Answer two')!;
    expect(two.AccountCode).toBe(deposit ? '260' : '453');
    expect(cents(two.LineAmount)).toBe(sign * (total - first));
    expect(two.Tracking ?? []).toEqual([]);
    if (entityOf(record) === 'ManualJournal') expect(lines.reduce((sum, l) => sum + cents(l.LineAmount), 0)).toBe(0);
  });

  it.each(REFUSED)('%s: refused before anything is sent, saying why; Xero’s copy is unchanged', (subtype) => {
    const outcome = outcomeOf(subtype);
    expect(outcome).toMatchObject({ kind: 'rejected', code: 'HERD' });
    expect(outcome.kind === 'rejected' && outcome.message).toMatch(subtype.endsWith('TRANSFER') ? /transfer/i : /overpayment/i);
  });

  it('reads every published answer back from Xero as categorized there (nothing left waiting on a watched account)', async () => {
    const published = [...bySubtype.values()].filter((record) => EDITABLE.includes(keyOf(record)));
    const targets = published.map((record) => ({ externalId: record.externalId, entityType: entityOf(record) }));
    const reread: LedgerRecord[] = [];
    for await (const batch of world.adapter.reread({ pk: 11, syncDate: '2000-01-01' }, targets, pulled.references)) reread.push(...batch);
    expect(reread.map((r) => [r.externalId, r.categorizedInLedger])).toEqual(published.map((r) => [r.externalId, true]));
  });
});
