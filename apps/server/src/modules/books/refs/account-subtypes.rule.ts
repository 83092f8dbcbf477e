import { QBD_ACCOUNT_TYPES, QBD_SPECIAL_ACCOUNT_TYPES, QBO_ACCOUNT_TYPES, XERO_ACCOUNT_TYPES, XERO_BANK_ACCOUNT_TYPES, type AccountSubtypeOption } from '@herd/contract';

/** The ledgers whose own account types and subtypes Herd offers. */
export type LedgerSystem = 'qbo' | 'qbd' | 'xero';

/** The ledger's account types, as its API spells them. */
export const accountTypesOf = (system: LedgerSystem): readonly string[] =>
  system === 'qbo' ? Object.keys(QBO_ACCOUNT_TYPES) : system === 'qbd' ? QBD_ACCOUNT_TYPES : XERO_ACCOUNT_TYPES;

/**
 * Every subtype the ledger keeps, under its account type: QuickBooks Online's detail types (a new
 * category may take one), QuickBooks Desktop's SpecialAccountType and Xero's BankAccountType (the
 * ledger sets those itself: listed, not assignable). In the order of the ledger's types.
 */
export const ledgerAccountSubtypes = (system: LedgerSystem): AccountSubtypeOption[] => {
  if (system === 'qbo')
    return Object.entries(QBO_ACCOUNT_TYPES).flatMap(([type, subtypes]) => subtypes.map((subtype) => ({ subtype, account_type: type, assignable: true })));
  if (system === 'xero') return XERO_BANK_ACCOUNT_TYPES.map((subtype) => ({ subtype, account_type: 'BANK', assignable: false }));
  return Object.entries(QBD_SPECIAL_ACCOUNT_TYPES).map(([subtype, type]) => ({ subtype, account_type: type, assignable: false }));
};
