/**
 * Account types of each ledger, for the "create category" form, as each ledger's API spells them.
 * QuickBooks Online's carry their detail types (`qbo-account-types.ts`); the subtypes of each
 * ledger, with what a new category may take, are in `account-subtypes.ts`.
 */
export { QBO_ACCOUNT_TYPES } from './qbo-account-types.js';
export * from './account-subtypes.js';

export const QBD_ACCOUNT_TYPES = [
  'AccountsPayable',
  'AccountsReceivable',
  'Bank',
  'CostOfGoodsSold',
  'CreditCard',
  'Equity',
  'Expense',
  'FixedAsset',
  'Income',
  'LongTermLiability',
  'NonPosting',
  'OtherAsset',
  'OtherCurrentAsset',
  'OtherCurrentLiability',
  'OtherExpense',
  'OtherIncome',
] as const;

export const XERO_ACCOUNT_TYPES = [
  'BANK',
  'CURRENT',
  'CURRLIAB',
  'DEPRECIATN',
  'DIRECTCOSTS',
  'EQUITY',
  'EXPENSE',
  'FIXED',
  'INVENTORY',
  'LIABILITY',
  'NONCURRENT',
  'OTHERINCOME',
  'OVERHEADS',
  'PREPAYMENT',
  'REVENUE',
  'SALES',
  'TERMLIAB',
  'PAYG',
] as const;

/** How line amounts treat tax, per ledger (QuickBooks GlobalTaxCalculation, Xero LineAmountTypes). */
export const TAX_CALCULATIONS = {
  QUICKBOOKS: ['TaxExcluded', 'TaxInclusive', 'NotApplicable'],
  XERO: ['Exclusive', 'Inclusive', 'NoTax'],
} as const;
