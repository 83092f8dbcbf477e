/**
 * What each ledger keeps as an account's subtype (Herd's `account_subtype` of a ledger account),
 * beside the account types of `account-types.ts`:
 *
 * - QuickBooks Online: the detail type (AccountSubType), chosen with the account type; a new
 *   category may take one (`QBO_ACCOUNT_TYPES`, under each type).
 * - QuickBooks Desktop: SpecialAccountType, which QuickBooks sets on the accounts it makes itself
 *   (Accounts Payable, Undeposited Funds, the uncategorized buckets, …). AccountAdd has no field
 *   for it: no new category takes one.
 * - Xero: BankAccountType, the kind of a BANK account (a bank account, a credit card, PayPal). Herd
 *   makes no bank accounts in Xero, so no new category takes one either.
 */

/**
 * QuickBooks Desktop's SpecialAccountType values (qbXML 13.0), each with the account type
 * QuickBooks gives the account it makes. Null where Herd does not know which type QuickBooks
 * gives it (the accounts of condensed item adjustments and of item receipts): listed, filed under
 * no type.
 */
export const QBD_SPECIAL_ACCOUNT_TYPES: Record<string, string | null> = {
  AccountsPayable: 'AccountsPayable',
  AccountsReceivable: 'AccountsReceivable',
  CondenseItemAdjustmentExpenses: null,
  CostOfGoodsSold: 'CostOfGoodsSold',
  DirectDepositLiabilities: 'OtherCurrentLiability',
  Estimates: 'NonPosting',
  ExchangeGainLoss: 'OtherExpense',
  InventoryAssets: 'OtherCurrentAsset',
  ItemReceiptAccount: null,
  OpeningBalanceEquity: 'Equity',
  PayrollExpenses: 'Expense',
  PayrollLiabilities: 'OtherCurrentLiability',
  PettyCash: 'Bank',
  PurchaseOrders: 'NonPosting',
  ReconciliationDifferences: 'Expense',
  RetainedEarnings: 'Equity',
  SalesOrders: 'NonPosting',
  SalesTaxPayable: 'OtherCurrentLiability',
  UncategorizedExpenses: 'Expense',
  UncategorizedIncome: 'Income',
  UndepositedFunds: 'OtherCurrentAsset',
};

/** Xero's BankAccountType values of a BANK account (its OpenAPI also lists NONE and the empty string, which say "not a bank account"). */
export const XERO_BANK_ACCOUNT_TYPES = ['BANK', 'CREDITCARD', 'PAYPAL'] as const;
