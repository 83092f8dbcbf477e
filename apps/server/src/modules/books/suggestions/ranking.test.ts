import { describe, expect, it } from 'vitest';
import { fromFirm, fromOwnHistory, shortDate, suggestionFor, type Account, type OwnAnswers } from './ranking.rule.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const accounts: Account[] = [
  { pk: 1, name: 'Software', accountType: 'Expense', active: true },
  { pk: 2, name: 'Meals', accountType: 'Expense', active: true },
  { pk: 3, name: 'Owner Draw', accountType: 'Equity', active: true },
  { pk: 4, name: 'Old Software', accountType: 'Expense', active: false },
];
const byPk = new Map(accounts.map((a) => [a.pk, a]));
const answers = (categoryId: number, n: number, last = '2026-09-18', extra: Partial<OwnAnswers> = {}): OwnAnswers => ({
  categoryId,
  vendorId: null,
  customerId: null,
  classId: null,
  total: n,
  recent: n,
  books: 0,
  last,
  ...extra,
});

describe('fromOwnHistory', () => {
  it('ranks by recent answers and explains in words', () => {
    const s = fromOwnHistory([answers(1, 4), answers(2, 0, '2025-01-02', { total: 30 })], byPk, 'Adobe', NOW);
    expect(s).toMatchObject({ categoryId: 1, source: 'HISTORY', why: 'You chose Software for Adobe 4 times, last on Sep 18' });
    expect(s!.confidence).toBeCloseTo(0.8);
  });

  it('says once and twice, and the year when it is not this one', () => {
    expect(shortDate('2025-12-31', NOW)).toBe('Dec 31, 2025');
    expect(fromOwnHistory([answers(1, 20, '2026-01-05', { total: 2, recent: 20 })], byPk, 'Adobe', NOW)?.why).toBe('You chose Software for Adobe twice, last on Jan 5');
  });

  it('says when the answers are the books’ own, or both the client’s and the books’', () => {
    expect(fromOwnHistory([answers(1, 12, '2026-09-18', { books: 12 })], byPk, 'Adobe', NOW)?.why).toBe('Your books show Software for Adobe 12 times, last on Sep 18');
    expect(fromOwnHistory([answers(1, 7, '2026-09-18', { books: 5 })], byPk, 'Adobe', NOW)?.why).toBe(
      'You chose Software for Adobe twice and your books show it 5 times, last on Sep 18',
    );
  });

  it('suggests nothing below the threshold, nor an account a client may not choose or that is closed', () => {
    expect(fromOwnHistory([answers(1, 2)], byPk, 'Adobe', NOW)).toBeNull(); // 2/3
    expect(fromOwnHistory([answers(1, 5), answers(2, 3)], byPk, 'Adobe', NOW)).toBeNull(); // 5/9
    expect(fromOwnHistory([answers(3, 10)], byPk, 'Owner', NOW)).toBeNull();
    expect(fromOwnHistory([answers(4, 10)], byPk, 'Adobe', NOW)).toBeNull();
    expect(fromOwnHistory([answers(99, 10)], byPk, 'Adobe', NOW)).toBeNull(); // not this company's
  });

  it('adds a vendor only where the category’s answers agree on one', () => {
    const agreed = fromOwnHistory([answers(1, 9, '2026-09-18', { vendorId: 70 }), answers(1, 1, '2026-09-10', { vendorId: 71 })], byPk, 'Adobe', NOW);
    expect(agreed).toMatchObject({ categoryId: 1, vendorId: 70, classId: null });
    const split = fromOwnHistory([answers(1, 5, '2026-09-18', { vendorId: 70 }), answers(1, 5, '2026-09-10', { vendorId: 71 })], byPk, 'Adobe', NOW);
    expect(split).toMatchObject({ categoryId: 1, vendorId: null });
  });
});

describe('fromFirm', () => {
  const firm = (companyPk: number, accountName: string, n = 1, accountType = 'Expense') => ({ companyPk, accountName, accountType, n });

  it('counts one vote per company, mapped by name and kind onto this company’s chart', () => {
    const s = fromFirm([firm(10, 'software'), firm(11, 'SOFTWARE', 1, 'Expenses'), firm(12, 'Software', 1, 'OVERHEADS'), firm(12, 'Meals', 0)], accounts, 'Adobe');
    expect(s).toMatchObject({ categoryId: 1, source: 'FIRM', why: 'Other clients of your firm file Adobe under Software', vendorId: null });
  });

  it('needs enough companies agreeing, and never suggests a name this company does not have', () => {
    expect(fromFirm([firm(10, 'Software'), firm(11, 'Software')], accounts, 'Adobe')).toBeNull();
    expect(fromFirm([firm(10, 'Secret Name'), firm(11, 'Secret Name'), firm(12, 'Secret Name')], accounts, 'Adobe')).toBeNull();
    expect(fromFirm([firm(10, 'Software', 1, 'Income'), firm(11, 'Software', 1, 'Income'), firm(12, 'Software', 1, 'Income')], accounts, 'Adobe')).toBeNull();
  });

  it('is asked only while the company’s own answers are too few', () => {
    const firmVotes = [firm(10, 'Software'), firm(11, 'Software'), firm(12, 'Software')];
    expect(suggestionFor([answers(2, 1)], firmVotes, { byPk, all: accounts }, 'Adobe', NOW)?.source).toBe('FIRM');
    expect(suggestionFor([answers(2, 2), answers(1, 2)], firmVotes, { byPk, all: accounts }, 'Adobe', NOW)).toBeNull();
  });
});
