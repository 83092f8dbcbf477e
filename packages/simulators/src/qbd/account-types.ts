/** QuickBooks Desktop's AccountType enum (INTEGRATIONS.md §3.4). */
export const ACCOUNT_TYPES: readonly string[] = [
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
];
