import type { QbdCompany } from './company-store.js';
import { refOf, type ListEntry, type Ref } from './types.js';

/** The accounts and names seeded transactions draw from. */
export interface SeedRefs {
  bank: Ref;
  creditCard: Ref;
  accountsPayable: Ref;
  undepositedFunds: Ref;
  expenseAccounts: Ref[];
  incomeAccount: Ref;
  /** The accounts Herd watches: Uncategorized Expenses, Ask My Accountant (expense side). */
  watchedExpense: Ref[];
  uncategorizedIncome: Ref;
  vendors: Ref[];
  customers: Ref[];
  classes: Ref[];
  items: Ref[];
  salesTaxCodes: Ref[];
  paymentMethods: Ref[];
}

const EXPENSE_ACCOUNTS = ['Advertising and Promotion', 'Office Supplies', 'Rent Expense', 'Utilities', 'Meals and Entertainment', 'Travel Expense', 'Professional Fees'];
const VENDORS = ['Staples', 'City Power & Light', "Joe's Diner", 'Delta Air Lines', 'Landlord LLC', 'Google Ads', 'Smith CPA'];
const CUSTOMERS = ['Acme Corp', 'Baker & Sons', 'Cole Design', 'Dunn Logistics', 'Evans Dental'];

/**
 * A small company in the shape of QuickBooks' sample files: a bank, a card, AP/AR, Undeposited
 * Funds, expense accounts, the uncategorized accounts QuickBooks creates itself (marked with their
 * SpecialAccountType) and an "Ask My Accountant" expense account, which has no special type.
 */
export function seedReferenceLists(company: QbdCompany, at: number): SeedRefs {
  const account = (name: string, accountType: string, accountNumber: string, specialAccountType?: string): Ref =>
    refOf(company.addList({ kind: 'Account', name, accountType, accountNumber, ...(specialAccountType ? { specialAccountType } : {}) }, at));
  const named = (kind: ListEntry['kind'], names: string[], extra: Partial<ListEntry> = {}): Ref[] =>
    names.map((name) => refOf(company.addList({ kind, name, ...extra }, at)));

  const refs: SeedRefs = {
    bank: account('Checking', 'Bank', '1000'),
    creditCard: account('Visa Card', 'CreditCard', '2100'),
    accountsPayable: account('Accounts Payable', 'AccountsPayable', '2000', 'AccountsPayable'),
    undepositedFunds: account('Undeposited Funds', 'OtherCurrentAsset', '1499', 'UndepositedFunds'),
    expenseAccounts: EXPENSE_ACCOUNTS.map((name, index) => account(name, 'Expense', String(6000 + index * 10))),
    incomeAccount: account('Sales Income', 'Income', '4000'),
    watchedExpense: [account('Uncategorized Expenses', 'Expense', '6990', 'UncategorizedExpenses'), account('Ask My Accountant', 'Expense', '6999')],
    uncategorizedIncome: account('Uncategorized Income', 'Income', '4990', 'UncategorizedIncome'),
    vendors: named('Vendor', VENDORS),
    customers: named('Customer', CUSTOMERS),
    classes: named('Class', ['Admin', 'Ops', 'Sales']),
    items: [
      refOf(company.addList({ kind: 'Item', name: 'Consulting', itemType: 'ItemService' }, at)),
      refOf(company.addList({ kind: 'Item', name: 'Bookkeeping', itemType: 'ItemService' }, at)),
      refOf(company.addList({ kind: 'Item', name: 'Materials', itemType: 'ItemNonInventory' }, at)),
    ],
    salesTaxCodes: [
      refOf(company.addList({ kind: 'SalesTaxCode', name: 'Tax', isTaxable: true }, at)),
      refOf(company.addList({ kind: 'SalesTaxCode', name: 'Non', isTaxable: false }, at)),
    ],
    paymentMethods: named('PaymentMethod', ['Cash', 'Check', 'Visa', 'ACH']),
  };
  account('Accounts Receivable', 'AccountsReceivable', '1200', 'AccountsReceivable');
  account('Opening Balance Equity', 'Equity', '3000', 'OpeningBalanceEquity');
  return refs;
}
