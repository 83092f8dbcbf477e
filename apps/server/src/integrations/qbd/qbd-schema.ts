import type { QbxmlField, QbxmlFields } from './qbxml-xml.js';

/**
 * The children of the aggregates Herd sends, in qbXML schema order (INTEGRATIONS.md §3.4–3.6;
 * where it gives no order, Intuit's OSR pages). QuickBooks validates a document against these
 * sequences and refuses it whole when one is out of order, so every aggregate is put in order
 * here rather than by the code that fills it. Note CheckMod has RefNumber before TxnDate and
 * the card Mods the reverse.
 */
const TXN_QUERY = [
  'TxnID',
  'RefNumber',
  'MaxReturned',
  'ModifiedDateRangeFilter',
  'TxnDateRangeFilter',
  'EntityFilter',
  'AccountFilter',
  'PaidStatus',
  'IncludeLineItems',
];
const LIST_QUERY = ['ListID', 'FullName', 'MaxReturned', 'ActiveStatus', 'FromModifiedDate', 'ToModifiedDate', 'NameFilter', 'AccountType'];
const CARD_MOD = [
  'TxnID',
  'EditSequence',
  'AccountRef',
  'PayeeEntityRef',
  'TxnDate',
  'RefNumber',
  'Memo',
  'IsTaxIncluded',
  'SalesTaxCodeRef',
  'ClearExpenseLines',
  'ExpenseLineMod',
];

const JOURNAL_LINE = ['TxnLineID', 'AccountRef', 'Amount', 'TaxAmount', 'Memo', 'EntityRef', 'ClassRef', 'ItemSalesTaxRef', 'BillableStatus'];

export const SCHEMA_ORDER: Record<string, readonly string[]> = {
  TxnQuery: TXN_QUERY,
  ListQuery: LIST_QUERY,
  ModifiedDateRangeFilter: ['FromModifiedDate', 'ToModifiedDate'],
  TxnDateRangeFilter: ['FromTxnDate', 'ToTxnDate'],
  CheckMod: [
    'TxnID',
    'EditSequence',
    'AccountRef',
    'PayeeEntityRef',
    'RefNumber',
    'TxnDate',
    'Memo',
    'Address',
    'IsToBePrinted',
    'IsTaxIncluded',
    'SalesTaxCodeRef',
    'ApplyCheckToTxnMod',
    'ClearExpenseLines',
    'ExpenseLineMod',
  ],
  CreditCardChargeMod: CARD_MOD,
  CreditCardCreditMod: CARD_MOD,
  BillMod: [
    'TxnID',
    'EditSequence',
    'VendorRef',
    'VendorAddress',
    'APAccountRef',
    'TxnDate',
    'DueDate',
    'RefNumber',
    'SalesTaxCodeRef',
    'Memo',
    'IsTaxIncluded',
    'ClearExpenseLines',
    'ExpenseLineMod',
  ],
  VendorCreditMod: [
    'TxnID',
    'EditSequence',
    'VendorRef',
    'APAccountRef',
    'TxnDate',
    'RefNumber',
    'SalesTaxCodeRef',
    'Memo',
    'IsTaxIncluded',
    'ClearExpenseLines',
    'ExpenseLineMod',
  ],
  DepositMod: ['TxnID', 'EditSequence', 'TxnDate', 'DepositToAccountRef', 'Memo', 'CashBackInfoMod', 'DepositLineMod'],
  JournalEntryMod: ['TxnID', 'EditSequence', 'TxnDate', 'RefNumber', 'IsAdjustment', 'JournalLineMod'],
  ExpenseLineMod: ['TxnLineID', 'AccountRef', 'Amount', 'TaxAmount', 'Memo', 'CustomerRef', 'ClassRef', 'SalesTaxCodeRef', 'BillableStatus'],
  DepositLineMod: ['TxnLineID', 'PaymentTxnID', 'PaymentTxnLineID', 'EntityRef', 'AccountRef', 'Memo', 'CheckNumber', 'PaymentMethodRef', 'ClassRef', 'Amount'],
  JournalLineMod: ['TxnLineID', 'JournalLineType', 'AccountRef', 'Amount', 'Memo', 'EntityRef', 'ClassRef', 'BillableStatus'],
  // The header only: its debit and credit lines follow it as one repeated choice, in any order, so
  // they are appended as given rather than sorted here (sorting would put every debit first).
  JournalEntryAdd: ['TxnDate', 'RefNumber', 'Memo', 'IsAdjustment', 'ExternalGUID'],
  JournalDebitLine: JOURNAL_LINE,
  JournalCreditLine: JOURNAL_LINE,
  VendorAdd: ['Name', 'IsActive'],
  CustomerAdd: ['Name', 'IsActive'],
  AccountAdd: ['Name', 'IsActive', 'ParentRef', 'AccountType', 'AccountNumber'],
};

/** Herd asked for an element the aggregate's schema does not have: a bug in Herd, caught before QuickBooks sees it. */
export class QbxmlSchemaError extends Error {}

/**
 * The fields of one aggregate in its schema order (a repeated element keeps the order it was given
 * in); fields left undefined are dropped.
 */
export const inSchemaOrder = (aggregate: string, fields: QbxmlFields): QbxmlFields => {
  const order = SCHEMA_ORDER[aggregate];
  if (!order) throw new QbxmlSchemaError(`No schema order for ${aggregate}.`);
  const present = fields.filter(([, value]) => value !== undefined);
  for (const [name] of present) if (!order.includes(name)) throw new QbxmlSchemaError(`${aggregate} has no ${name}.`);
  // Array.prototype.sort is stable, so repeated elements (lines, TxnIDs) keep their order.
  return [...present].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
};

/** `<XxxRef><ListID>…</ListID></XxxRef>`, or nothing when there is no id. */
export const refField = (name: string, listId: string | null | undefined): QbxmlField => [name, listId ? [['ListID', listId]] : undefined];
