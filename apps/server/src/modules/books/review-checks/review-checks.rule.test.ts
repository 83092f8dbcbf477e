import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_CHECK_SETTINGS } from '@herd/contract';
import { findingsOf, type CheckContext, type CheckedRow } from './review-checks.rule.js';

const OFFICE = 1;
const MEALS = 2;
const SOFTWARE = 3;
const names = new Map([
  [OFFICE, 'Office Supplies'],
  [MEALS, 'Meals'],
  [SOFTWARE, 'Software'],
]);

let next = 0;
const row = (over: Partial<CheckedRow>): CheckedRow => ({
  pk: (next += 1),
  date: '2026-05-10',
  amount: '50.00',
  type: 'EXPENSE',
  merchantKey: 'staples',
  payee: 'Staples',
  description: 'STAPLES 123',
  categories: [OFFICE],
  hasAttachment: true,
  ledgerExternalId: null,
  ...over,
});
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  settings: DEFAULT_REVIEW_CHECK_SETTINGS,
  history: new Map(),
  categoryNames: names,
  subAccounts: new Map(),
  receiptAbove: null,
  ...over,
});
const checksOf = (rows: CheckedRow[], context = ctx()) => findingsOf(rows, context).map((f) => [f.transactionPk, f.check, f.reason]);

describe('each review check, where it must fire and where it must not', () => {
  it('a payee coded away from where its transactions nearly always go', () => {
    const history = new Map([
      [
        'staples',
        new Map([
          [OFFICE, 9],
          [MEALS, 1],
        ]),
      ],
    ]);
    const odd = row({ categories: [MEALS], merchantKey: 'staples' });
    expect(checksOf([odd], ctx({ history }))).toEqual([
      [odd.pk, 'PAYEE_CODED_DIFFERENTLY', 'Coded to Meals, but 9 of 9 earlier Staples transactions went to Office Supplies.'],
    ]);
    // Coded where it usually goes; or a payee without a settled habit (3 of 5), or too little history.
    expect(checksOf([row({ categories: [OFFICE] })], ctx({ history }))).toEqual([]);
    const split = new Map([
      [
        'staples',
        new Map([
          [OFFICE, 3],
          [SOFTWARE, 2],
        ]),
      ],
    ]);
    expect(checksOf([row({ categories: [MEALS] })], ctx({ history: split }))).toEqual([]);
    const thin = new Map([['staples', new Map([[OFFICE, 3]])]]);
    expect(checksOf([row({ categories: [MEALS] })], ctx({ history: thin }))).toEqual([]);
  });

  it('an amount far from the payee’s usual', () => {
    const usual = ['48.00', '50.00', '52.00'].map((amount, i) => row({ amount, date: `2026-0${i + 1}-15` }));
    const big = row({ amount: '400.00', date: '2026-05-20' });
    expect(checksOf([...usual, big]).filter((f) => f[1] === 'AMOUNT_UNUSUAL')).toEqual([
      [big.pk, 'AMOUNT_UNUSUAL', '$400.00 is 8.0 times the usual $50.00 for Staples (median of 3 other transactions).'],
    ]);
    expect(checksOf([...usual, row({ amount: '120.00', date: '2026-05-20' })]).filter((f) => f[1] === 'AMOUNT_UNUSUAL')).toEqual([]);
    // An even number of others: the usual is the mean of the middle two ($55.00), the row's own amount left out.
    const four = ['40.00', '50.00', '60.00', '70.00'].map((amount, i) => row({ amount, date: `2026-0${i + 1}-15` }));
    const high = row({ amount: '200.00', date: '2026-06-20' });
    expect(checksOf([...four, high]).filter((f) => f[1] === 'AMOUNT_UNUSUAL')).toEqual([
      [high.pk, 'AMOUNT_UNUSUAL', '$200.00 is 3.6 times the usual $55.00 for Staples (median of 4 other transactions).'],
    ]);
    // Two earlier amounts are no habit yet.
    expect(checksOf([usual[0]!, usual[1]!, row({ amount: '400.00', date: '2026-05-20' })]).filter((f) => f[1] === 'AMOUNT_UNUSUAL')).toEqual([]);
  });

  it('over the receipt threshold with nothing attached', () => {
    const bare = row({ amount: '300.00', hasAttachment: false });
    expect(checksOf([bare], ctx({ receiptAbove: '250.00' }))).toEqual([
      [bare.pk, 'RECEIPT_MISSING', '$300.00 is above the $250.00 receipt threshold, and no receipt is attached.'],
    ]);
    expect(checksOf([row({ amount: '300.00', hasAttachment: true })], ctx({ receiptAbove: '250.00' }))).toEqual([]);
    expect(checksOf([row({ amount: '250.00', hasAttachment: false })], ctx({ receiptAbove: '250.00' }))).toEqual([]);
    expect(checksOf([row({ amount: '300.00', hasAttachment: false })])).toEqual([]);
    // A sale or a deposit has no receipt to give.
    expect(checksOf([row({ amount: '300.00', hasAttachment: false, type: 'DEPOSIT' })], ctx({ receiptAbove: '250.00' }))).toEqual([]);
  });

  it('no payee', () => {
    const nobody = row({ merchantKey: '', payee: '', description: 'POS 4411' });
    expect(checksOf([nobody])).toEqual([[nobody.pk, 'NO_PAYEE', 'No payee: neither the payee nor the description names who was paid.']]);
    expect(checksOf([row({})])).toEqual([]);
  });

  it('a likely duplicate: same payee, amount and direction within three days, found on the later one', () => {
    const first = row({ amount: '89.99', date: '2026-05-01' });
    const again = row({ amount: '89.99', date: '2026-05-03' });
    expect(checksOf([first, again])).toEqual([[again.pk, 'LIKELY_DUPLICATE', 'Same payee and amount ($89.99) as the transaction of 2026-05-01, 2 days apart.']]);
    expect(checksOf([first, row({ amount: '89.99', date: '2026-05-09' })])).toEqual([]);
    // Three of a kind: each later one names the earliest twin within its window.
    const third = row({ amount: '89.99', date: '2026-05-04' });
    expect(checksOf([third, again, first])).toEqual([
      [third.pk, 'LIKELY_DUPLICATE', 'Same payee and amount ($89.99) as the transaction of 2026-05-01, 3 days apart.'],
      [again.pk, 'LIKELY_DUPLICATE', 'Same payee and amount ($89.99) as the transaction of 2026-05-01, 2 days apart.'],
    ]);
    expect(checksOf([first, row({ amount: '89.99', date: '2026-05-02', type: 'DEPOSIT' })])).toEqual([]);
    expect(checksOf([first, row({ amount: '89.99', date: '2026-05-02', merchantKey: 'office depot', payee: 'Office Depot' })])).toEqual([]);
  });

  it('a payee that looks personal for a business', () => {
    const streaming = row({ merchantKey: 'netflix', payee: 'NETFLIX.COM', categories: [SOFTWARE] });
    expect(checksOf([streaming])).toEqual([[streaming.pk, 'PERSONAL_PAYEE', 'NETFLIX.COM is usually a personal expense: check that it belongs to the business.']]);
    expect(checksOf([row({ merchantKey: 'max auto parts', payee: 'Max Auto Parts' })])).toEqual([]);
  });

  it('coded to a parent account that has sub-accounts', () => {
    const UTILITIES = 4;
    const withSubs = new Map([...names, [UTILITIES, 'Utilities']]);
    const subAccounts = new Map([[UTILITIES, ['Utilities:Electric', 'Utilities:Gas', 'Utilities:Internet', 'Utilities:Water']]]);
    const onParent = row({ categories: [UTILITIES], merchantKey: 'con edison', payee: 'Con Edison', amount: '180.00' });
    expect(findingsOf([onParent], ctx({ categoryNames: withSubs, subAccounts }))).toEqual([
      {
        transactionPk: onParent.pk,
        check: 'PARENT_ACCOUNT',
        reason: 'Coded to Utilities, which has 4 sub-accounts (Utilities:Electric, Utilities:Gas, Utilities:Internet and 1 more): it belongs in one of them.',
        question: 'This $180.00 from Con Edison is filed under Utilities. Which of these was it: Utilities:Electric, Utilities:Gas, Utilities:Internet and 1 more?',
      },
    ]);
    // A sub-account, or an account without sub-accounts, is where a line belongs.
    expect(checksOf([row({ categories: [OFFICE] })], ctx({ categoryNames: withSubs, subAccounts }))).toEqual([]);
  });
});

describe('the firm’s settings', () => {
  it('a check the firm turned off finds nothing; the others still run', () => {
    const streaming = row({ merchantKey: 'netflix', payee: 'Netflix', amount: '300.00', hasAttachment: false });
    const on = ctx({ receiptAbove: '100.00' });
    expect(checksOf([streaming], on).map((f) => f[1])).toEqual(['PERSONAL_PAYEE', 'RECEIPT_MISSING']);
    const off = { ...DEFAULT_REVIEW_CHECK_SETTINGS, checks: { ...DEFAULT_REVIEW_CHECK_SETTINGS.checks, PERSONAL_PAYEE: false } };
    expect(checksOf([streaming], { ...on, settings: off }).map((f) => f[1])).toEqual(['RECEIPT_MISSING']);
  });

  it('the thresholds are the firm’s: a wider duplicate window, a lower amount ratio, a looser habit', () => {
    const first = row({ amount: '89.99', date: '2026-05-01' });
    const later = row({ amount: '89.99', date: '2026-05-06' });
    expect(checksOf([first, later])).toEqual([]);
    const wide = ctx({ settings: { ...DEFAULT_REVIEW_CHECK_SETTINGS, duplicate_days: 7 } });
    expect(checksOf([first, later], wide).map((f) => f[1])).toEqual(['LIKELY_DUPLICATE']);

    const usual = ['48.00', '50.00', '52.00'].map((amount, i) => row({ amount, date: `2026-0${i + 1}-15` }));
    const doubled = row({ amount: '100.00', date: '2026-05-20' });
    expect(checksOf([...usual, doubled])).toEqual([]);
    const tight = ctx({ settings: { ...DEFAULT_REVIEW_CHECK_SETTINGS, amount_ratio: 2 } });
    expect(checksOf([...usual, doubled], tight)).toEqual([
      [doubled.pk, 'AMOUNT_UNUSUAL', '$100.00 is 2.0 times the usual $50.00 for Staples (median of 3 other transactions).'],
    ]);

    const split = new Map([
      [
        'staples',
        new Map([
          [OFFICE, 3],
          [SOFTWARE, 2],
        ]),
      ],
    ]);
    const odd = row({ categories: [MEALS] });
    expect(checksOf([odd], ctx({ history: split }))).toEqual([]);
    const loose = ctx({ history: split, settings: { ...DEFAULT_REVIEW_CHECK_SETTINGS, usual_share_percent: 60 } });
    expect(checksOf([odd], loose).map((f) => f[1])).toEqual(['PAYEE_CODED_DIFFERENTLY']);
  });
});
