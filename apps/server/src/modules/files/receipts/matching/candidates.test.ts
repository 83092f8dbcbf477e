import { describe, expect, it } from 'vitest';
import { CandidateIndex } from './candidate-index.rule.js';
import { candidateWindow } from './candidates.rule.js';
import { scoreCandidate, type CandidateTransaction } from './score.rule.js';

const txn = (pk: number, date: string, amount: string): CandidateTransaction => ({
  pk,
  date,
  amount,
  currency: 'USD',
  payee: 'Blue Bottle',
  description: '',
  merchantKey: null,
});

describe('candidateWindow', () => {
  it('spans a few cents below to a tip above, two days before to ten after', () => {
    expect(candidateWindow({ date: '2026-11-30', total: '40.00', currency: 'USD' }, 'usd')).toEqual({
      dateFrom: '2026-11-28',
      dateTo: '2026-12-10',
      amountMinCents: 3995,
      amountMaxCents: 5000,
      amountCurrency: 'USD',
    });
  });

  it('converts another currency when a rate is known, and searches by date alone when not', () => {
    const convert = (cents: number) => cents * 2;
    expect(candidateWindow({ date: '2026-11-02', total: '10.00', currency: 'EUR' }, 'USD', { convert })).toMatchObject({ amountMinCents: 1940, amountMaxCents: 2060 });
    expect(candidateWindow({ date: '2026-11-02', total: '10.00', currency: 'EUR' }, 'USD')).toMatchObject({ amountMinCents: null, amountMaxCents: null });
  });

  it('leaves out nothing the score would count', () => {
    const receipt = { vendor: 'Blue Bottle', date: '2026-11-10', total: '40.00', currency: 'USD' };
    const rows: CandidateTransaction[] = [];
    let pk = 1;
    for (let day = 1; day <= 28; day++)
      for (const cents of [3900, 3994, 3995, 4000, 4005, 4006, 4600, 5000, 5001, 6000])
        rows.push(txn(pk++, `2026-11-${String(day).padStart(2, '0')}`, (cents / 100).toFixed(2)));
    const found = new Set(new CandidateIndex(rows).candidates(candidateWindow(receipt, 'USD')).map((t) => t.pk));
    for (const row of rows) {
      const { parts } = scoreCandidate(receipt, row);
      const counts = parts.find((p) => p.kind === 'AMOUNT')!.points > 0 && parts.find((p) => p.kind === 'DATE')!.points > 0;
      expect(found.has(row.pk), `${row.date} ${row.amount}`).toBe(counts);
    }
  });
});
