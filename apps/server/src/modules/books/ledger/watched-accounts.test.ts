import { describe, expect, it } from 'vitest';
import { isWatchedByDefault } from './watched-accounts.rule.js';

describe('default watched accounts', () => {
  it('watches the uncategorized accounts, Ask My Accountant, Suspense and anything asking', () => {
    for (const name of ['Uncategorized Expense', 'uncategorized income', 'Uncategorized Asset', 'Ask My Accountant', 'Suspense', 'Expenses:Ask the client'])
      expect(isWatchedByDefault(name), name).toBe(true);
  });

  it('watches the buckets a ledger marks as uncategorized, whatever they are called', () => {
    expect(isWatchedByDefault('Suspended Items', 'UncategorizedExpenses')).toBe(true);
    expect(isWatchedByDefault('Other Income Pending', 'UncategorizedIncome')).toBe(true);
    expect(isWatchedByDefault('Uncategorized Expenses')).toBe(true);
    expect(isWatchedByDefault('Opening Balance Equity', 'OpeningBalanceEquity')).toBe(false);
  });

  it('leaves real categories alone, including words that merely contain "ask"', () => {
    for (const name of ['Advertising', 'Office Supplies', 'Basket Sales', 'Task Fees', 'Checking']) expect(isWatchedByDefault(name), name).toBe(false);
  });
});
