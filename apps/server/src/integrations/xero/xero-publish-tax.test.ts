import { describe, expect, it } from 'vitest';
import type { LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine as answer } from '../../../test/publish-lines.js';
import { xeroLookups } from './xero-lookups.js';
import { buildXeroUpdate } from './xero-publish-map.js';
import { xeroReferencePage } from './xero-refs.js';

/**
 * A publish names the tax type of every line it writes and keeps the object's total: Xero gives a
 * line sent without a tax type its account's default tax, which on a tax-exclusive object is added
 * on top of an amount the bank already paid in full.
 */
const ACCOUNTS = [
  { AccountID: 'A-SUS', Code: '250', Name: 'Suspense', Type: 'CURRLIAB', TaxType: 'NONE', watched: true },
  { AccountID: 'A-OFF', Code: '453', Name: 'Office Expenses', Type: 'OVERHEADS', TaxType: 'INPUT2' },
  { AccountID: 'A-RNT', Code: '469', Name: 'Rent', Type: 'OVERHEADS', TaxType: 'INPUT2' },
  { AccountID: 'A-FEE', Code: '404', Name: 'Bank Fees', Type: 'OVERHEADS' },
];
const references: LedgerReferences = {
  accounts: ACCOUNTS.map(({ watched, ...raw }) => ({ externalId: raw.AccountID, accountType: raw.Type, watched: Boolean(watched), category: !watched, raw })),
  refs: xeroReferencePage('TaxRates', [
    { TaxType: 'INPUT2', Name: 'GST on Expenses', EffectiveRate: 15, Status: 'ACTIVE' },
    { TaxType: 'NONE', Name: 'No GST', EffectiveRate: 0, Status: 'ACTIVE' },
  ]).refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })),
};
const lookups = xeroLookups(references);

type Line = Record<string, unknown>;
const spend = (LineAmountTypes: string, LineItems: Line[]) => ({
  BankTransactionID: 'BT-1',
  Type: 'SPEND',
  Status: 'AUTHORISED',
  BankAccount: { AccountID: 'A-BNK' },
  LineAmountTypes,
  LineItems,
});
const suspense = (LineAmount: number, extra: Line = {}): Line => ({ LineItemID: 'L-SUS', AccountCode: '250', LineAmount, TaxType: 'NONE', TaxAmount: 0, ...extra });
const written = (update: Record<string, unknown>) => update.LineItems as Line[];

describe('the tax type of every line Herd writes to Xero', () => {
  it('is the one chosen; else the one of the line it replaces; never left for Xero to fill in', () => {
    // 1,403.05 parked on Suspense (no GST), split in two: only the first line's tax was chosen.
    const update = buildXeroUpdate(
      'BankTransaction',
      spend('Exclusive', [suspense(1403.05)]),
      [answer(7253, 'A-OFF', { taxExternalId: 'NONE' }), answer(133052, 'A-RNT')],
      lookups,
    );
    expect(written(update).map((line) => [line.AccountCode, line.TaxType, line.LineAmount])).toEqual([
      ['453', 'NONE', 72.53],
      // Rent's own tax (GST on Expenses) would add 199.58 on top of what the bank paid; the line split from Suspense keeps its No GST.
      ['469', 'NONE', 1330.52],
    ]);
    expect(update.LineAmountTypes).toBe('Exclusive');
  });

  it('takes the account’s default where the replaced line named none, and says none where neither did', () => {
    const update = buildXeroUpdate(
      'BankTransaction',
      spend('Inclusive', [{ AccountCode: '250', LineAmount: 20 }]),
      [answer(1500, 'A-OFF'), answer(500, 'A-FEE')],
      lookups,
    );
    expect(written(update).map((line) => line.TaxType)).toEqual(['INPUT2', 'NONE']);
    // Tax-inclusive: the total is the sum of the line amounts, whatever their tax.
    expect(update.LineAmountTypes).toBe('Inclusive');
  });

  it('keeps the tax amount of a line it keeps, so a tax someone adjusted in Xero is not worked out again', () => {
    const adjusted = { LineItemID: 'L-OFF', AccountCode: '453', LineAmount: 10, TaxType: 'INPUT2', TaxAmount: 1.49 };
    const update = buildXeroUpdate('BankTransaction', spend('Exclusive', [suspense(50), adjusted]), [answer(5000, 'A-RNT')], lookups);
    expect(written(update)[0]).toEqual(adjusted);
  });
});

describe('the total of a tax-exclusive object', () => {
  const taxedOther = { LineItemID: 'L-OFF', AccountCode: '453', LineAmount: 100, TaxType: 'INPUT2', TaxAmount: 15 };

  it('stays when the answer carries the tax the replaced lines did: a taxed line split keeps its tax type', () => {
    // 200.00 parked with 30.00 of GST, split 120.00 / 80.00 with no tax chosen.
    const update = buildXeroUpdate(
      'BankTransaction',
      spend('Exclusive', [suspense(200, { TaxType: 'INPUT2', TaxAmount: 30 }), taxedOther]),
      [answer(12000, 'A-OFF'), answer(8000, 'A-RNT')],
      lookups,
    );
    expect(update.LineAmountTypes).toBe('Exclusive');
    expect(
      written(update)
        .slice(1)
        .map((line) => line.TaxType),
    ).toEqual(['INPUT2', 'INPUT2']);
  });

  it('stays tax-exclusive for a taxed line answered with its own tax: made tax-inclusive, 1,403.05 would become 1,393.59', () => {
    // 63.07 + 9.46 of GST parked on Suspense beside an untaxed 1,330.52: 1,403.05 left the bank.
    const rest = { LineItemID: 'L-RNT', AccountCode: '469', LineAmount: 1330.52, TaxType: 'NONE', TaxAmount: 0 };
    const update = buildXeroUpdate(
      'BankTransaction',
      spend('Exclusive', [suspense(63.07, { TaxType: 'INPUT2', TaxAmount: 9.46 }), rest]),
      [answer(6307, 'A-OFF', { taxExternalId: 'INPUT2' })],
      lookups,
    );
    expect(update.LineAmountTypes).toBe('Exclusive');
  });

  it('reads and writes a quote’s capital spellings: a tax-exclusive quote is held to its total too', () => {
    const quote = (LineAmountTypes: string, LineItems: Line[]) => ({ QuoteID: 'Q-1', Status: 'ACCEPTED', LineAmountTypes, LineItems });
    const untaxed = buildXeroUpdate('Quote', quote('EXCLUSIVE', [suspense(115)]), [answer(11500, 'A-OFF', { taxExternalId: 'INPUT2' })], lookups);
    expect(untaxed.LineAmountTypes).toBe('INCLUSIVE');
    expect(() =>
      buildXeroUpdate(
        'Quote',
        quote('EXCLUSIVE', [suspense(200, { TaxType: 'INPUT2', TaxAmount: 30 }), taxedOther]),
        [answer(20000, 'A-OFF', { taxExternalId: 'NONE' })],
        lookups,
      ),
    ).toThrow('so this answer’s tax rates would change its total (tax of 0.00 where Xero has 30.00)');
  });

  it('becomes tax-inclusive when no line of it is taxed and the answer adds tax; is refused with the figures when one is', () => {
    const untaxed = buildXeroUpdate('BankTransaction', spend('Exclusive', [suspense(115)]), [answer(11500, 'A-OFF', { taxExternalId: 'INPUT2' })], lookups);
    expect(untaxed.LineAmountTypes).toBe('Inclusive');
    // Taking the GST off a taxed line of a tax-exclusive object would drop its total by that GST.
    expect(() =>
      buildXeroUpdate(
        'BankTransaction',
        spend('Exclusive', [suspense(200, { TaxType: 'INPUT2', TaxAmount: 30 }), taxedOther]),
        [answer(20000, 'A-OFF', { taxExternalId: 'NONE' })],
        lookups,
      ),
    ).toThrow(
      'This transaction’s amounts exclude tax in Xero and some of its lines are taxed, so this answer’s tax rates would change its total (tax of 0.00 where Xero has 30.00).',
    );
  });
});
