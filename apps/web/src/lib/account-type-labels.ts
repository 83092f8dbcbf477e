/** Xero's account type codes, as Xero's own screens name them. */
const XERO_LABELS: Record<string, string> = {
  BANK: 'Bank',
  CURRENT: 'Current asset',
  CURRLIAB: 'Current liability',
  DEPRECIATN: 'Depreciation',
  DIRECTCOSTS: 'Direct costs',
  EQUITY: 'Equity',
  EXPENSE: 'Expense',
  FIXED: 'Fixed asset',
  INVENTORY: 'Inventory',
  LIABILITY: 'Liability',
  NONCURRENT: 'Non-current asset',
  OTHERINCOME: 'Other income',
  OVERHEADS: 'Overhead',
  PREPAYMENT: 'Prepayment',
  REVENUE: 'Revenue',
  SALES: 'Sales',
  TERMLIAB: 'Non-current liability',
  PAYG: 'PAYG liability',
};

/**
 * A readable name for a ledger's account type or subtype value: Xero's codes by
 * Xero's names, QuickBooks' run-together words ("OtherCurrentAsset") spaced out.
 * The value sent to the server stays the ledger's own.
 */
export const accountTypeLabel = (value: string): string => {
  const xero = XERO_LABELS[value];
  if (xero) return xero;
  if (value.includes(' ')) return value;
  const words = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
};
