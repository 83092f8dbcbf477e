import { describe, expect, it } from 'vitest';
import { decideMatch } from './decide.rule.js';
import { prepareCharge, prepareReceipt, quickScore, rankCandidates } from './quick-score.rule.js';
import { scoreCandidate, type CandidateTransaction, type ReceiptToMatch, type ScoreOptions } from './score.rule.js';

/** A small deterministic generator, so a failure names a pairing that can be looked at again. */
const lcg = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const RECEIPT_VENDORS = [
  'Starbucks',
  'Starbcks Coffee',
  'AMAZON.COM',
  'Whole Foods Market',
  'Blue Bottle',
  'Copper Office Supply',
  'Uber',
  'Delta',
  '',
  'Chipotle Mexican Grill',
];
const CHARGE_PAYEES = [
  'STARBUCKS STORE 1234',
  'AMZN Mktp US*2K4L09',
  'WHOLEFDS MKT 10234',
  'Blue Bottle Coffee',
  'Pine Office Supply',
  'UBER EATS',
  'Delta Dental',
  'CHIPOTLE 0412',
  'SQ *FARMERS MKT',
  '',
];
const CURRENCIES = ['USD', 'usd', 'EUR', null, ' '];

const options: ScoreOptions = { convert: (cents, from, to) => (from === 'EUR' && to === 'USD' ? Math.round(cents * 1.08) : null) };

const pairs = (count: number) => {
  const random = lcg(7);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, pk) => {
    const cents = 100 + Math.floor(random() * 20_000);
    const receipt: ReceiptToMatch = { vendor: pick(RECEIPT_VENDORS), date: '2026-03-10', total: (cents / 100).toFixed(2), currency: pick(CURRENCIES) };
    const chargeCents = cents + pick([0, 0, 1, -3, 5, -6, Math.floor(cents * 0.18), Math.floor(cents * 0.3), 7]);
    const charge: CandidateTransaction = {
      pk,
      date: `2026-03-${String(8 + Math.floor(random() * 14)).padStart(2, '0')}`,
      amount: (Math.max(chargeCents, 1) / 100).toFixed(2),
      currency: pick(['USD', 'usd', 'EUR']),
      payee: pick(CHARGE_PAYEES),
      description: pick(['CARD PURCHASE STARBUCKS', 'POS ADOBE *CREATIVE CLD', '']),
      merchantKey: pick([null, '', 'starbucks']),
    };
    return { receipt, charge };
  });
};

describe('quickScore', () => {
  it('is the number scoreCandidate gives, for every kind of pairing', () => {
    for (const { receipt, charge } of pairs(4_000)) {
      const expected = scoreCandidate(receipt, charge, options).score;
      expect(quickScore(prepareReceipt(receipt), prepareCharge(charge), options), JSON.stringify({ receipt, charge })).toBe(expected);
    }
  });
});

describe('rankCandidates', () => {
  it('decides as scoring every charge in full would, and words only the few it keeps', () => {
    const all = pairs(600);
    const receipt = all[0]!.receipt;
    const charges = all.map((p) => p.charge);
    const full = charges.map((c) => ({ pk: c.pk, ...scoreCandidate(receipt, c, options) }));
    const ranked = rankCandidates(prepareReceipt(receipt), charges.map(prepareCharge), options);
    expect(ranked.length).toBeLessThanOrEqual(6);
    const decision = decideMatch(full);
    // Many charges are worth a look here, so keeping only six is what is tested.
    expect(full.filter((c) => c.score >= 0.5).length).toBeGreaterThan(6);
    expect(decideMatch(ranked)).toEqual(decision);
  });

  it('finds the clearly right charge among look-alikes and keeps its words', () => {
    const receipt: ReceiptToMatch = { vendor: 'Starbucks', date: '2026-03-10', total: '4.85', currency: 'USD' };
    const charge = (pk: number, date: string, amount: string, payee: string): CandidateTransaction => ({
      pk,
      date,
      amount,
      currency: 'USD',
      payee,
      description: '',
      merchantKey: null,
    });
    const charges = [
      charge(1, '2026-03-10', '4.85', 'STARBUCKS STORE 1234'),
      charge(2, '2026-03-10', '5.50', 'SHELL OIL 5521'),
      charge(3, '2026-03-15', '4.90', 'CVS PHARMACY'),
    ];
    const ranked = rankCandidates(prepareReceipt(receipt), charges.map(prepareCharge));
    const decision = decideMatch(ranked);
    expect(decision.auto).toBe(1);
    expect(
      ranked
        .find((c) => c.pk === 1)!
        .parts.map((p) => p.words)
        .join(', '),
    ).toContain('amount matches exactly (4.85 USD)');
  });
});
