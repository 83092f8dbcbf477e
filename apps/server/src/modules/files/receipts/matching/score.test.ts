import { describe, expect, it } from 'vitest';
import { AUTO_MATCH_SCORE, SUGGESTION_SCORE } from './decide.rule.js';
import { describeScore, scoreCandidate, type CandidateTransaction, type ReceiptToMatch } from './score.rule.js';

const receipt = (over: Partial<ReceiptToMatch> = {}): ReceiptToMatch => ({ vendor: 'Amazon.com', date: '2026-11-02', total: '45.00', currency: 'USD', ...over });
const txn = (over: Partial<CandidateTransaction> = {}): CandidateTransaction => ({
  pk: 1,
  date: '2026-11-02',
  amount: '45.00',
  currency: 'USD',
  payee: '',
  description: 'AMZN Mktp US*2K4L09XY2',
  merchantKey: 'amazon',
  ...over,
});
const part = (s: ReturnType<typeof scoreCandidate>, kind: string) => s.parts.find((p) => p.kind === kind)!;

describe('scoreCandidate', () => {
  it('gives full marks to the same amount, day, vendor and currency, and says why', () => {
    const s = scoreCandidate(receipt(), txn());
    expect(s.score).toBe(1);
    expect(describeScore(s)).toBe('amount matches exactly (45.00 USD), same day, same vendor: "Amazon.com" ~ "AMZN Mktp US*2K4L09XY2", both in USD');
  });

  it('accepts an amount a few cents off, for less than an exact one', () => {
    const near = scoreCandidate(receipt(), txn({ amount: '45.03' }));
    expect(part(near, 'AMOUNT').words).toBe('amount 3 cents apart (receipt 45.00 USD, charge 45.03 USD)');
    expect(part(near, 'AMOUNT').points).toBeGreaterThan(0);
    expect(near.score).toBeLessThan(1);
    expect(part(scoreCandidate(receipt(), txn({ amount: '44.95' })), 'AMOUNT').points).toBeGreaterThan(0);
    expect(part(scoreCandidate(receipt(), txn({ amount: '44.90' })), 'AMOUNT').points).toBe(0);
  });

  it('takes a charge up to a quarter above the receipt for a tip, as a suggestion only, never one below it', () => {
    const restaurant = receipt({ vendor: 'Blue Bottle Coffee', total: '40.00' });
    const tipped = scoreCandidate(restaurant, txn({ amount: '47.20', description: 'SQ *BLUE BOTTLE COFFEE OAKLAND CA', merchantKey: null }));
    expect(part(tipped, 'AMOUNT').words).toBe("charge 47.20 USD is 7.20 USD (18%) above the receipt's 40.00 USD, as a tip");
    // Offered, never matched without a person: a quarter's band catches other charges of the same place.
    expect(tipped.score).toBeGreaterThanOrEqual(SUGGESTION_SCORE);
    expect(tipped.score).toBeLessThan(AUTO_MATCH_SCORE);
    expect(part(scoreCandidate(restaurant, txn({ amount: '50.01' })), 'AMOUNT').points).toBe(0);
    const below = scoreCandidate(restaurant, txn({ amount: '35.00' }));
    expect(part(below, 'AMOUNT')).toEqual({ kind: 'AMOUNT', points: 0, words: 'amount differs: receipt 40.00 USD, charge 35.00 USD' });
  });

  it('counts days after the receipt as a card posts, less the later it is', () => {
    const days = [0, 1, 2, 5, 8, 11].map((d) => part(scoreCandidate(receipt(), txn({ date: `2026-11-${String(2 + d).padStart(2, '0')}` })), 'DATE'));
    expect(days.map((d) => d.words)).toEqual([
      'same day',
      'charged the day after the receipt',
      '2 days apart',
      '5 days apart',
      '8 days apart, later than a card usually posts',
      '11 days apart',
    ]);
    const points = days.map((d) => d.points);
    expect(points[0]).toBe(points[1]);
    for (let i = 2; i < points.length; i++) expect(points[i]).toBeLessThan(points[i - 1]!);
    expect(points.at(-1)).toBe(0);
  });

  it('allows a charge dated a day before the receipt, not a week before', () => {
    expect(part(scoreCandidate(receipt(), txn({ date: '2026-11-01' })), 'DATE').points).toBeGreaterThan(0);
    expect(part(scoreCandidate(receipt(), txn({ date: '2026-10-26' })), 'DATE')).toEqual({ kind: 'DATE', points: 0, words: 'charged 7 days before the receipt’s date' });
  });

  it('recognises a vendor under the bank’s abbreviation', () => {
    const s = scoreCandidate(receipt({ vendor: 'Starbucks Coffee', total: '6.45' }), txn({ amount: '6.45', description: 'SBUX 01234 SEATTLE WA', merchantKey: 'sbux' }));
    expect(part(s, 'VENDOR').words).toBe('same vendor: "Starbucks Coffee" ~ "SBUX 01234 SEATTLE WA"');
    expect(s.score).toBe(1);
  });

  it('gives no vendor points to another merchant, and cannot reach an automatic match without them', () => {
    const s = scoreCandidate(receipt({ vendor: 'Home Depot' }), txn({ description: 'OFFICE DEPOT #1234', merchantKey: 'office depot' }));
    expect(part(s, 'VENDOR')).toEqual({ kind: 'VENDOR', points: 0, words: 'vendor differs: "Home Depot", charge "OFFICE DEPOT #1234"' });
    expect(s.score).toBeLessThanOrEqual(0.7);
    expect(part(scoreCandidate(receipt({ vendor: '' }), txn()), 'VENDOR').words).toBe('no vendor read on the receipt');
  });

  it('compares another currency only through a rate, within the exchange tolerance', () => {
    const euros = receipt({ total: '40.00', currency: 'eur' });
    const noRate = scoreCandidate(euros, txn({ amount: '43.60' }));
    expect(part(noRate, 'AMOUNT')).toEqual({ kind: 'AMOUNT', points: 0, words: 'amounts not compared: receipt 40.00 EUR, charge 43.60 USD, no exchange rate' });
    expect(part(noRate, 'CURRENCY')).toEqual({ kind: 'CURRENCY', points: 0, words: 'receipt in EUR, charge in USD' });
    const convert = (cents: number, from: string, to: string) => (from === 'EUR' && to === 'USD' ? Math.round(cents * 1.08) : null);
    const withRate = scoreCandidate(euros, txn({ amount: '43.60' }), { convert });
    expect(part(withRate, 'AMOUNT').words).toBe('receipt 40.00 EUR is about 43.20 USD, charge 43.60 USD (1% apart)');
    expect(part(withRate, 'AMOUNT').points).toBeGreaterThan(0);
    expect(withRate.score).toBeLessThan(0.85);
    expect(part(scoreCandidate(euros, txn({ amount: '46.00' }), { convert }), 'AMOUNT').points).toBe(0);
  });

  it('takes a receipt without a currency as in the charge’s', () => {
    expect(part(scoreCandidate(receipt({ currency: null }), txn()), 'CURRENCY').words).toBe('no currency on the receipt, taken as USD');
    expect(scoreCandidate(receipt({ currency: null }), txn()).score).toBe(1);
  });

  it('stays between 0 and 1 with parts that add up to the score', () => {
    const s = scoreCandidate(
      receipt({ vendor: 'Blue Bottle', total: 12 }),
      txn({ amount: 12.03, date: '2026-11-05', description: 'SQ *BLUE BOTTLE COFFEE', merchantKey: null }),
    );
    expect(s.score).toBeGreaterThan(0);
    expect(s.score).toBeLessThan(1);
    expect(s.parts.reduce((a, p) => a + p.points, 0)).toBeCloseTo(s.score, 3);
  });
});
