import type { RefKind } from '@herd/contract';
import type { LedgerAccountRecord, LedgerRefRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { plainOf, refIdOf, textOf, type QbxmlElement } from './qbxml-xml.js';

/** QuickBooks Desktop's lists, in the order a pull reads them (the chart first), with the kind of Herd's list each fills. */
export const QBD_REF_LISTS = {
  Account: null,
  Vendor: 'VENDOR',
  Customer: 'CUSTOMER',
  Class: 'CLASS',
  Item: 'ITEM',
  SalesTaxCode: 'TAX',
  PaymentMethod: 'PAYMENT_METHOD',
} as const satisfies Record<string, RefKind | null>;
export type QbdRefList = keyof typeof QBD_REF_LISTS;
export const QBD_REF_LIST_NAMES = Object.keys(QBD_REF_LISTS) as QbdRefList[];

/** Where money is paid from: a bank account or a credit card. */
const PAYMENT_ACCOUNT_TYPES = new Set(['Bank', 'CreditCard']);
/** The accounts QuickBooks itself makes for what is not categorized yet; unlike QuickBooks Online, Desktop marks them. */
const UNCATEGORIZED = new Set(['UncategorizedExpenses', 'UncategorizedIncome']);

export const isUncategorizedBucket = (account: LedgerAccountRecord) => account.accountSubtype !== null && UNCATEGORIZED.has(account.accountSubtype);

const active = (ret: QbxmlElement) => textOf(ret, 'IsActive') !== 'false';

/**
 * An account. Its SpecialAccountType is its subtype, so the uncategorized buckets are known by what
 * QuickBooks calls them rather than by their name, which a bookkeeper may have changed.
 */
const account = (ret: QbxmlElement): LedgerAccountRecord => ({
  externalId: textOf(ret, 'ListID'),
  // The full name ("Utilities:Electric"): a sub-account's own name alone says too little.
  name: textOf(ret, 'FullName') || textOf(ret, 'Name'),
  accountType: textOf(ret, 'AccountType'),
  accountSubtype: textOf(ret, 'SpecialAccountType') || null,
  isPaymentAccount: PAYMENT_ACCOUNT_TYPES.has(textOf(ret, 'AccountType')),
  active: active(ret),
  parentExternalId: refIdOf(ret, 'ParentRef'),
  raw: plainOf(ret),
});

/** One answer of a list query as the port's records (an item's Ret is named after its type: ItemServiceRet…). */
export const qbdReferencePage = (list: QbdRefList, rets: QbxmlElement[]): { accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[] } => {
  const kind = QBD_REF_LISTS[list];
  if (kind === null) return { accounts: rets.map(account), refs: [] };
  return {
    accounts: [],
    refs: rets.map((ret) => ({ kind, externalId: textOf(ret, 'ListID'), name: textOf(ret, 'FullName') || textOf(ret, 'Name'), active: active(ret), raw: plainOf(ret) })),
  };
};
