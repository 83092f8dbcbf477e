import { describe, expect, it } from 'vitest';
import type { LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine } from '../../../test/publish-lines.js';
import { xeroLookups } from './xero-lookups.js';
import { buildXeroUpdate, XeroUnpublishableError } from './xero-publish-map.js';
import { xeroRecordOf } from './xero-records.js';
import { xeroReferencePage } from './xero-refs.js';
import type { XeroEntity } from './xero-transaction-map.js';

/** An organisation's chart as Herd holds it after a pull: Suspense watched, two expense accounts, a bank, two tracking categories. */
const ACCOUNTS = [
  { AccountID: 'A-SUS', Code: '250', Name: 'Suspense', Type: 'CURRLIAB', watched: true },
  { AccountID: 'A-ADV', Code: '400', Name: 'Advertising', Type: 'EXPENSE' },
  { AccountID: 'A-OFF', Code: '453', Name: 'Office Expenses', Type: 'OVERHEADS' },
  { AccountID: 'A-BNK', Code: '090', Name: 'Business Bank', Type: 'BANK' },
];
const REGION = { TrackingCategoryID: 'TC-R', Name: 'Region', Status: 'ACTIVE', Options: [{ TrackingOptionID: 'O-N', Name: 'North' }] };
const TEAM = { TrackingCategoryID: 'TC-T', Name: 'Team', Status: 'ACTIVE', Options: [{ TrackingOptionID: 'O-S', Name: 'Sales' }] };
const references: LedgerReferences = {
  accounts: ACCOUNTS.map(({ watched, ...raw }) => ({
    externalId: raw.AccountID,
    accountType: raw.Type,
    watched: Boolean(watched),
    category: !watched && raw.Type !== 'BANK',
    raw,
  })),
  refs: xeroReferencePage('TrackingCategories', [REGION, TEAM]).refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })),
};
const lookups = xeroLookups(references);

const line = (AccountCode: string, LineAmount: number, extra: Record<string, unknown> = {}) => ({
  LineItemID: `L-${AccountCode}-${LineAmount}`,
  AccountCode,
  LineAmount,
  ...extra,
});
const at = '/Date(1764547200000+0000)/';
const bank = (Type: string, lines = [line('250', 42.5)]) => ({
  BankTransactionID: 'BT-1',
  Type,
  Status: 'AUTHORISED',
  Date: at,
  UpdatedDateUTC: at,
  Reference: 'Lunch',
  Contact: { ContactID: 'C-1', Name: 'Cafe' },
  BankAccount: { AccountID: 'A-BNK' },
  CurrencyCode: 'NZD',
  LineAmountTypes: 'Inclusive',
  LineItems: lines,
});

const SUBTYPES: [XeroEntity, Record<string, unknown>, string, string][] = [
  ['BankTransaction', bank('SPEND'), 'EXPENSE', 'SPEND'],
  ['BankTransaction', bank('SPEND-OVERPAYMENT'), 'EXPENSE', 'SPEND_OVERPAYMENT'],
  ['BankTransaction', bank('SPEND-PREPAYMENT'), 'EXPENSE', 'SPEND_PREPAYMENT'],
  ['BankTransaction', bank('SPEND-TRANSFER'), 'EXPENSE', 'SPEND_TRANSFER'],
  ['BankTransaction', bank('RECEIVE'), 'DEPOSIT', 'RECEIVE'],
  ['BankTransaction', bank('RECEIVE-OVERPAYMENT'), 'DEPOSIT', 'RECEIVE_OVERPAYMENT'],
  ['BankTransaction', bank('RECEIVE-PREPAYMENT'), 'DEPOSIT', 'RECEIVE_PREPAYMENT'],
  ['BankTransaction', bank('RECEIVE-TRANSFER'), 'DEPOSIT', 'RECEIVE_TRANSFER'],
  ['Invoice', { InvoiceID: 'I-1', Type: 'ACCPAY', Date: at, LineItems: [line('250', 42.5)] }, 'BILL', 'ACCPAY_INVOICE'],
  ['Invoice', { InvoiceID: 'I-2', Type: 'ACCREC', Date: at, LineItems: [line('250', 42.5)] }, 'DEPOSIT', 'ACCREC_INVOICE'],
  ['RepeatingInvoice', { RepeatingInvoiceID: 'R-1', Type: 'ACCPAY', LineItems: [line('250', 42.5)] }, 'BILL', 'REPEATING_ACCPAY_INVOICE'],
  ['RepeatingInvoice', { RepeatingInvoiceID: 'R-2', Type: 'ACCREC', LineItems: [line('250', 42.5)] }, 'DEPOSIT', 'REPEATING_ACCREC_INVOICE'],
  ['PurchaseOrder', { PurchaseOrderID: 'P-1', Date: at, LineItems: [line('250', 42.5)] }, 'EXPENSE', 'PURCHASE_ORDER'],
  ['Quote', { QuoteID: 'Q-1', Date: at, LineItems: [line('250', 42.5)] }, 'DEPOSIT', 'QUOTE'],
  ['ManualJournal', { ManualJournalID: 'M-1', Narration: 'Reclass', Date: at, JournalLines: [line('250', 42.5), line('090', -42.5)] }, 'EXPENSE', 'MANUAL_JOURNAL'],
  ['ManualJournal', { ManualJournalID: 'M-2', Narration: 'Refund', Date: at, JournalLines: [line('250', -42.5), line('090', 42.5)] }, 'DEPOSIT', 'MANUAL_JOURNAL'],
];

describe('Xero objects as the ledger port’s records', () => {
  it.each(SUBTYPES)('%s of %# is Herd’s %s / %s, waiting on Suspense', (entity, row, type, subtype) => {
    const record = xeroRecordOf(entity, row, lookups);
    expect(record.transaction).toMatchObject({ entityType: entity, type, subtype, amountCents: 4250, watchedAccountExternalId: 'A-SUS' });
    expect(record.categorizedInLedger).toBe(false);
  });

  it('dates every object: a repeating invoice (no Date of its own) by its schedule’s start, one with neither by its last change', () => {
    const schedule = { StartDate: '/Date(1767225600000+0000)/', NextScheduledDate: '/Date(1769904000000+0000)/' };
    const repeating = xeroRecordOf('RepeatingInvoice', { RepeatingInvoiceID: 'R-3', Type: 'ACCPAY', Schedule: schedule, LineItems: [line('250', 1)] }, lookups);
    expect(repeating.transaction!.date).toBe('2026-01-01');
    const undated = xeroRecordOf('Quote', { QuoteID: 'Q-2', UpdatedDateUTC: '/Date(1764547200000+0000)/', LineItems: [line('250', 1)] }, lookups);
    expect(undated.transaction!.date).toBe('2025-12-01');
  });

  it('reads dates, contact, bank account, currency and tracking, each option in its category’s place', () => {
    const row = bank('SPEND', [
      line('250', 10.1, {
        Tracking: [
          { TrackingCategoryID: 'TC-T', TrackingOptionID: 'O-S' },
          { TrackingCategoryID: 'TC-R', TrackingOptionID: 'O-N' },
        ],
        TaxType: 'INPUT2',
      }),
      line('400', 5),
    ]);
    const record = xeroRecordOf('BankTransaction', row, lookups);
    expect(record).toMatchObject({ externalId: 'BankTransaction:BT-1', version: '1764547200000', deleted: false });
    expect(record.transaction).toMatchObject({
      date: '2025-12-01',
      payee: 'Cafe',
      currency: 'NZD',
      description: 'Lunch',
      paymentAccountExternalId: 'A-BNK',
      amountCents: 1010,
    });
    expect(record.transaction!.lines).toEqual([
      expect.objectContaining({ amountCents: 1010, taxExternalId: 'INPUT2', trackingOneExternalId: 'O-N', trackingTwoExternalId: 'O-S' }),
    ]);
  });

  it('says deleted for a deleted or voided object, and categorized (with what it teaches) for one off the watched accounts', () => {
    expect(xeroRecordOf('Invoice', { InvoiceID: 'I-9', Type: 'ACCPAY', Status: 'VOIDED', LineItems: [line('250', 1)] }, lookups)).toMatchObject({
      deleted: true,
      transaction: null,
    });
    const categorized = xeroRecordOf('BankTransaction', bank('SPEND', [line('400', 42.5)]), lookups);
    expect(categorized).toMatchObject({ categorizedInLedger: true, transaction: null });
    expect(categorized.history).toEqual([
      expect.objectContaining({ categoryExternalId: 'A-ADV', vendorExternalId: 'C-1', payee: 'Cafe', deposit: false, amountCents: 4250 }),
    ]);
  });
});

const answer = publishLine;

describe('writing an answer back to Xero', () => {
  it('replaces the watched line with the answer’s split, exact to the cent, with tax, tracking and contact, keeping the other lines and the amount type', () => {
    const row = bank('SPEND', [line('250', 100), line('400', 5)]);
    const update = buildXeroUpdate(
      'BankTransaction',
      row,
      [answer(3333, 'A-ADV', { taxExternalId: 'INPUT', trackingOneExternalId: 'O-N', vendorExternalId: 'C-7' }), answer(6667, 'A-OFF')],
      lookups,
    );
    expect(update).toEqual({
      BankTransactionID: 'BT-1',
      // The contract requires these in every bank transaction body, an update's too.
      Type: 'SPEND',
      BankAccount: { AccountID: 'A-BNK' },
      LineAmountTypes: 'Inclusive',
      Contact: { ContactID: 'C-7' },
      LineItems: [
        { LineItemID: 'L-400-5', AccountCode: '400', LineAmount: 5 },
        {
          AccountCode: '400',
          TaxType: 'INPUT',
          Tracking: [{ TrackingCategoryID: 'TC-R', TrackingOptionID: 'O-N', Name: 'Region', Option: 'North' }],
          Quantity: 1,
          UnitAmount: 33.33,
          LineAmount: 33.33,
        },
        // No tax chosen, and neither the replaced line nor the account has one: named as none, never left to Xero.
        { AccountCode: '453', TaxType: 'NONE', Quantity: 1, UnitAmount: 66.67, LineAmount: 66.67 },
      ],
    });
  });

  it('keeps a journal line’s side, and refuses an answer that does not add up or an option Xero no longer has', () => {
    const journal = { ManualJournalID: 'M-2', JournalLines: [line('250', -42.5), line('090', 42.5)] };
    expect(buildXeroUpdate('ManualJournal', journal, [answer(4250, 'A-ADV')], lookups).JournalLines).toEqual([
      { LineItemID: 'L-090-42.5', AccountCode: '090', LineAmount: 42.5 },
      { AccountCode: '400', TaxType: 'NONE', LineAmount: -42.5 },
    ]);
    expect(() => buildXeroUpdate('ManualJournal', journal, [answer(4200, 'A-ADV')], lookups)).toThrow(XeroUnpublishableError);
    expect(() => buildXeroUpdate('BankTransaction', bank('SPEND'), [answer(4250, 'A-ADV', { trackingTwoExternalId: 'O-GONE' })], lookups)).toThrow(/no longer in Xero/);
  });

  it('keeps the total of a tax-exclusive object: a taxed answer makes it tax-inclusive, or is refused when its other lines are taxed', () => {
    const taxed = xeroLookups({
      ...references,
      refs: [
        ...references.refs,
        ...xeroReferencePage('TaxRates', [
          { TaxType: 'INPUT2', Name: 'GST on Expenses', EffectiveRate: 15, Status: 'ACTIVE' },
          { TaxType: 'NONE', Name: 'No GST', EffectiveRate: 0, Status: 'ACTIVE' },
        ]).refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })),
      ],
    });
    const exclusive = (lines: ReturnType<typeof line>[]) => ({ ...bank('SPEND', lines), LineAmountTypes: 'Exclusive' });
    const untaxedRest = exclusive([line('250', 100), line('400', 5, { TaxAmount: 0 })]);
    expect(buildXeroUpdate('BankTransaction', untaxedRest, [answer(10000, 'A-ADV', { taxExternalId: 'INPUT2' })], taxed).LineAmountTypes).toBe('Inclusive');
    // No tax added (a zero rate, or none): nothing to keep, the type stays.
    expect(buildXeroUpdate('BankTransaction', untaxedRest, [answer(10000, 'A-ADV', { taxExternalId: 'NONE' })], taxed).LineAmountTypes).toBe('Exclusive');
    expect(buildXeroUpdate('BankTransaction', untaxedRest, [answer(10000, 'A-ADV')], taxed).LineAmountTypes).toBe('Exclusive');
    const taxedRest = exclusive([line('250', 100), line('400', 5, { TaxType: 'INPUT2', TaxAmount: 0.75 })]);
    expect(() => buildXeroUpdate('BankTransaction', taxedRest, [answer(10000, 'A-ADV', { taxExternalId: 'INPUT2' })], taxed)).toThrow(/exclude tax/);
  });
});
