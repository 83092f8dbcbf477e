import { describe, expect, it } from 'vitest';
import { Clock } from '../qbo/clock.js';
import { QbdCompany } from './company-store.js';
import { seededCompany, TEST_START } from './test-support.js';
import { txnTotalCents, type Ref } from './types.js';

const watchedNames = new Set(['Uncategorized Expenses', 'Uncategorized Income', 'Ask My Accountant']);

function postsToWatched(accounts: Ref[]): boolean {
  return accounts.some((account) => watchedNames.has(account.fullName));
}

describe('QbdCompany', () => {
  it('issues a new EditSequence and TimeModified on every change, even within one second', () => {
    const company = new QbdCompany('Co', new Clock(TEST_START));
    const txn = company.addTxn({ kind: 'Check', txnDate: '2026-05-01', expenseLines: [], itemLines: [], journalLines: [], depositLines: [] });
    const first = txn.editSequence;
    company.editTxn(txn.txnId, (each) => (each.memo = 'a'));
    const second = txn.editSequence;
    company.editTxn(txn.txnId, (each) => (each.memo = 'b'));
    expect(new Set([first, second, txn.editSequence]).size).toBe(3);
    expect(txn.txnId).toMatch(/^[0-9A-F]+-\d{10}$/);
  });

  it('keeps vendor and customer names in one list, matched without case', () => {
    const company = new QbdCompany('Co', new Clock(TEST_START));
    company.addList({ kind: 'Vendor', name: 'Staples' });
    expect(company.isNameTaken('Customer', 'staples')).toBe(true);
    expect(company.isNameTaken('Class', 'Staples')).toBe(false);
  });
});

describe('seedQbdCompany', () => {
  it('is the same company on every run', () => {
    const a = seededCompany({ transactions: 40 });
    const b = seededCompany({ transactions: 40 });
    expect(JSON.stringify(a.txns())).toBe(JSON.stringify(b.txns()));
  });

  it('marks the uncategorized accounts with their SpecialAccountType and has Ask My Accountant without one', () => {
    const accounts = seededCompany().lists('Account');
    expect(accounts.find((a) => a.name === 'Uncategorized Expenses')?.specialAccountType).toBe('UncategorizedExpenses');
    expect(accounts.find((a) => a.name === 'Uncategorized Income')?.specialAccountType).toBe('UncategorizedIncome');
    const askMyAccountant = accounts.find((a) => a.name === 'Ask My Accountant');
    expect(askMyAccountant?.accountType).toBe('Expense');
    expect(askMyAccountant?.specialAccountType).toBeUndefined();
  });

  it('holds every kind Herd maps, balanced journals, and exactly the watched count asked for', () => {
    const company = seededCompany({ transactions: 400, watchedTransactions: 100 });
    const txns = company.txns();
    expect(new Set(txns.map((txn) => txn.kind))).toEqual(
      new Set(['Check', 'CreditCardCharge', 'CreditCardCredit', 'Deposit', 'Bill', 'VendorCredit', 'JournalEntry', 'SalesReceipt']),
    );
    const watched = txns.filter((txn) => postsToWatched([...txn.expenseLines, ...txn.journalLines, ...txn.depositLines].map((line) => line.account)));
    expect(watched).toHaveLength(100);
    for (const journal of company.txns('JournalEntry')) {
      const credits = journal.journalLines.filter((line) => line.side === 'Credit').reduce((sum, line) => sum + line.amountCents, 0);
      expect(credits).toBe(txnTotalCents(journal));
    }
    expect(txns.every((txn) => txn.timeCreated <= TEST_START)).toBe(true);
  });

  it('seeds 20,000 transactions with 5,000 watched quickly', () => {
    const started = performance.now();
    const company = seededCompany({ transactions: 20_000, watchedTransactions: 5_000 });
    expect(company.txns()).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
