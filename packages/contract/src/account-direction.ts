import type { Direction } from './enums.js';

/**
 * Which way money moves through an account, read from its type as the ledger stores it, in any
 * ledger's spelling (QuickBooks Online "Other Income", Desktop "OtherIncome", Xero "OTHERINCOME"),
 * compared without case, spaces or punctuation. Income accounts take money in (SALES), expense
 * accounts (cost of goods sold included) money out (COSTS). The server orders category lists by it
 * and the editor warns when a category goes the other way from its transaction.
 */
export const INCOME_ACCOUNT_TYPES = ['income', 'otherincome', 'revenue', 'sales'] as const;
export const EXPENSE_ACCOUNT_TYPES = [
  'expense',
  'expenses',
  'otherexpense',
  'costofgoodssold',
  'cogs',
  'directcosts',
  'overheads',
  'depreciatn',
  'depreciation',
] as const;

/**
 * Accounts no transaction line is filed under by choice: receivables and payables are moved by
 * invoices and bills (QuickBooks refuses a bank line on them without a customer or vendor), and a
 * QuickBooks Desktop non-posting account (estimates, purchase orders) holds no money at all. They
 * are left out of every category list, the accountant's included.
 */
export const NEVER_CATEGORY_ACCOUNT_TYPES = ['accountsreceivable', 'accountspayable', 'nonposting'] as const;

/** An account type without case, spaces or punctuation: "Other Expense" → "otherexpense". */
export const normalizedAccountType = (accountType: string): string => accountType.toLowerCase().replace(/[^a-z]/g, '');

/** SALES for an income account, COSTS for an expense account, null for anything else (bank, asset, liability, equity, no type). */
export const accountDirection = (accountType: string): Direction | null => {
  const type = normalizedAccountType(accountType);
  if ((INCOME_ACCOUNT_TYPES as readonly string[]).includes(type)) return 'SALES';
  if ((EXPENSE_ACCOUNT_TYPES as readonly string[]).includes(type)) return 'COSTS';
  return null;
};
