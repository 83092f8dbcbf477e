import { describe, expect, it } from 'vitest';
import { decideMatch, type Candidate } from './decide.rule.js';
import { scoreCandidate } from './score.rule.js';

const candidate = (pk: number, score: number): Candidate => ({ pk, score, parts: [] });

describe('decideMatch', () => {
  it('matches automatically one sure candidate far ahead of the rest', () => {
    const d = decideMatch([candidate(1, 0.62), candidate(2, 0.97), candidate(3, 0.4)]);
    expect(d.auto).toBe(2);
    expect(d.suggestions.map((s) => s.pk)).toEqual([1]);
  });

  it('leaves two equal candidates for a person to choose', () => {
    const d = decideMatch([candidate(7, 1), candidate(4, 1)]);
    expect(d.auto).toBeNull();
    expect(d.suggestions.map((s) => s.pk)).toEqual([4, 7]);
  });

  it('does not match a best candidate only slightly ahead', () => {
    expect(decideMatch([candidate(1, 0.96), candidate(2, 0.85)]).auto).toBeNull();
  });

  it('does not match a candidate alone below the automatic score', () => {
    const d = decideMatch([candidate(1, 0.8)]);
    expect(d.auto).toBeNull();
    expect(d.suggestions.map((s) => s.pk)).toEqual([1]);
  });

  it('never returns a rejected transaction, as a match or a suggestion', () => {
    const d = decideMatch([candidate(1, 1), candidate(2, 0.9), candidate(3, 0.55)], [1]);
    expect(d.auto).toBe(2);
    expect(d.suggestions.map((s) => s.pk)).toEqual([3]);
    const all = decideMatch([candidate(1, 1)], [1]);
    expect(all).toEqual({ auto: null, suggestions: [] });
  });

  it('a rejected runner-up no longer holds the best back', () => {
    expect(decideMatch([candidate(1, 1), candidate(2, 1)]).auto).toBeNull();
    expect(decideMatch([candidate(1, 1), candidate(2, 1)], [2]).auto).toBe(1);
  });

  it('offers at most five suggestions worth a look, best first', () => {
    const d = decideMatch([0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.81].map((s, i) => candidate(i + 1, s)));
    expect(d.auto).toBeNull();
    expect(d.suggestions.map((s) => s.score)).toEqual([0.81, 0.8, 0.75, 0.7, 0.6]);
  });

  it('from real scores: two same coffees a day apart are suggested, an exact charge beats a tip-range one', () => {
    const receipt = { vendor: 'Starbucks Coffee', date: '2026-11-02', total: '6.45', currency: 'USD' };
    const charge = (pk: number, date: string, amount: string) => ({
      pk,
      date,
      amount,
      currency: 'USD',
      payee: '',
      description: 'SBUX 01234 SEATTLE WA',
      merchantKey: 'sbux',
    });
    const scored = (rows: ReturnType<typeof charge>[]) => rows.map((t) => ({ pk: t.pk, ...scoreCandidate(receipt, t) }));
    const twins = decideMatch(scored([charge(1, '2026-11-02', '6.45'), charge(2, '2026-11-03', '6.45')]));
    expect(twins.auto).toBeNull();
    expect(twins.suggestions.map((s) => s.pk)).toEqual([1, 2]);
    expect(decideMatch(scored([charge(1, '2026-11-03', '6.45'), charge(2, '2026-11-02', '7.45')])).auto).toBe(1);
  });
});
