import { centsOf, type TransactionType } from '@herd/contract';
import type { LedgerHistoryRecord, LedgerRecordLine, LedgerTransaction } from '../../modules/books/ledger/ledger-records.port.js';
import type { QbdLookups } from './qbd-lookups.js';
import { childOf, refIdOf, refNameOf, textOf, type QbxmlElement } from './qbxml-xml.js';

/**
 * The QuickBooks Desktop transactions Herd reads, in the order a pull reads them, named as qbXML
 * names them (`CheckQueryRq`, `CheckRet`, `CheckMod`): the header account each keeps money in, the
 * element naming its payee, and its kind of lines.
 */
export const QBD_TXN_KINDS = {
  Check: { label: 'Check', account: 'AccountRef', payee: 'PayeeEntityRef', lines: 'expense', type: 'EXPENSE', subtype: 'PURCHASE' },
  CreditCardCharge: { label: 'Credit card charge', account: 'AccountRef', payee: 'PayeeEntityRef', lines: 'expense', type: 'EXPENSE', subtype: 'CREDIT_CARD_CHARGE' },
  CreditCardCredit: { label: 'Credit card credit', account: 'AccountRef', payee: 'PayeeEntityRef', lines: 'expense', type: 'EXPENSE', subtype: 'CREDIT_CARD_CREDIT' },
  Deposit: { label: 'Deposit', account: 'DepositToAccountRef', payee: null, lines: 'deposit', type: 'DEPOSIT', subtype: 'DEPOSIT' },
  Bill: { label: 'Bill', account: 'APAccountRef', payee: 'VendorRef', lines: 'expense', type: 'BILL', subtype: 'BILL' },
  VendorCredit: { label: 'Vendor credit', account: 'APAccountRef', payee: 'VendorRef', lines: 'expense', type: 'BILL', subtype: 'VENDOR_CREDIT' },
  JournalEntry: { label: 'Journal entry', account: null, payee: null, lines: 'journal', type: 'EXPENSE', subtype: 'JOURNAL_ENTRY' },
  SalesReceipt: { label: 'Sales receipt', account: 'DepositToAccountRef', payee: 'CustomerRef', lines: 'sales', type: 'DEPOSIT', subtype: 'SALES_RECEIPT' },
} as const satisfies Record<string, { label: string; account: string | null; payee: string | null; lines: string; type: TransactionType; subtype: string }>;
export type QbdTxnKind = keyof typeof QBD_TXN_KINDS;
export const QBD_TXN_KIND_NAMES = Object.keys(QBD_TXN_KINDS) as QbdTxnKind[];
export const isQbdTxnKind = (name: string): name is QbdTxnKind => Object.hasOwn(QBD_TXN_KINDS, name);

/** One line of a Ret, whatever its kind: what mapping and publishing need of it. */
export interface QbdLine {
  txnLineId: string;
  /** null for a sales receipt line, which posts through its item. */
  accountId: string | null;
  amountCents: number;
  memo: string;
  classId: string | null;
  /** The line's customer (CustomerRef), or the name on a deposit or journal line (EntityRef). */
  entityId: string | null;
  entityName: string;
  billableStatus: string;
  /** Journal lines only. */
  side: 'Debit' | 'Credit' | null;
}

/** QuickBooks writes amounts as decimals ("1234.50"): read as exact cents. */
export const qbdCents = (amount: string): number => centsOf(amount === '' ? '0' : amount);

const LINE_ELEMENTS = ['ExpenseLineRet', 'DepositLineRet', 'JournalDebitLine', 'JournalCreditLine', 'SalesReceiptLineRet'];

export const linesOf = (ret: QbxmlElement): QbdLine[] =>
  ret.children
    .filter((child) => LINE_ELEMENTS.includes(child.name))
    .map((line) => {
      const entity = childOf(line, 'CustomerRef') ? 'CustomerRef' : 'EntityRef';
      return {
        txnLineId: textOf(line, 'TxnLineID'),
        accountId: refIdOf(line, 'AccountRef'),
        amountCents: qbdCents(textOf(line, 'Amount')),
        memo: textOf(line, 'Memo') || textOf(line, 'Desc'),
        classId: refIdOf(line, 'ClassRef'),
        entityId: refIdOf(line, entity),
        entityName: refNameOf(line, entity),
        billableStatus: textOf(line, 'BillableStatus'),
        side: line.name === 'JournalDebitLine' ? 'Debit' : line.name === 'JournalCreditLine' ? 'Credit' : null,
      };
    });

const billableOf = (status: string): LedgerRecordLine['billable'] => (status === 'Billable' ? 'BILLABLE' : status === 'NotBillable' ? 'NOT_BILLABLE' : null);

/** Herd's type and subtype: a journal is money spent when it debits the watched account, received when it credits it. */
const kindOf = (kind: QbdTxnKind, watchedLines: QbdLine[]): { type: TransactionType; subtype: string } => {
  const { type, subtype } = QBD_TXN_KINDS[kind];
  if (kind === 'JournalEntry' && watchedLines[0]?.side === 'Credit') return { type: 'DEPOSIT', subtype };
  return { type, subtype };
};

/** The account money moved through: the header's (bank, card, A/P, deposit-to); a journal's first line off the watched accounts. */
const paymentAccountOf = (kind: QbdTxnKind, ret: QbxmlElement, lines: QbdLine[], lookups: QbdLookups): string | null => {
  const header = QBD_TXN_KINDS[kind].account;
  if (header) return refIdOf(ret, header);
  return lines.find((line) => !lookups.isWatched(line.accountId))?.accountId ?? null;
};

const payeeOf = (kind: QbdTxnKind, ret: QbxmlElement, watchedLines: QbdLine[]): string => {
  const payee = QBD_TXN_KINDS[kind].payee;
  return (payee ? refNameOf(ret, payee) : '') || watchedLines.find((line) => line.entityName)?.entityName || '';
};

/** Maps one Ret; null when none of its lines sits on a watched account. */
export const mapQbdTransaction = (kind: QbdTxnKind, ret: QbxmlElement, lookups: QbdLookups): LedgerTransaction | null => {
  const lines = linesOf(ret);
  const watchedLines = lines.filter((line) => lookups.isWatched(line.accountId));
  if (watchedLines.length === 0) return null;
  const recordLines = watchedLines.map((line): LedgerRecordLine => ({
    amountCents: line.amountCents,
    description: line.memo,
    classExternalId: line.classId,
    customerExternalId: line.entityId,
    taxExternalId: null,
    // QuickBooks Desktop has classes, not tracking categories.
    trackingOneExternalId: null,
    trackingTwoExternalId: null,
    billable: billableOf(line.billableStatus),
  }));
  const number = textOf(ret, 'RefNumber');
  // Something a person can recognize even when QuickBooks holds no memo and no number.
  const fallback = `${QBD_TXN_KINDS[kind].label}${number ? ` ${number}` : ''}`;
  return {
    entityType: kind,
    ...kindOf(kind, watchedLines),
    date: textOf(ret, 'TxnDate'),
    amountCents: recordLines.reduce((sum, line) => sum + line.amountCents, 0),
    currency: refNameOf(ret, 'CurrencyRef') || 'USD',
    description: textOf(ret, 'Memo') || recordLines.find((line) => line.description)?.description || fallback,
    payee: payeeOf(kind, ret, watchedLines),
    paymentAccountExternalId: paymentAccountOf(kind, ret, lines, lookups),
    watchedAccountExternalId: watchedLines[0]!.accountId,
    locationExternalId: null,
    lines: recordLines,
  };
};

/** Money spent or received with a name: journals teach nothing of a payee's category. */
const DEPOSITS: ReadonlySet<QbdTxnKind> = new Set(['Deposit', 'SalesReceipt']);

/** What a transaction categorized in QuickBooks teaches: each line on a category account, with its payee and class. */
export const qbdHistoryOf = (kind: QbdTxnKind, ret: QbxmlElement, lookups: QbdLookups): LedgerHistoryRecord[] => {
  if (kind === 'JournalEntry') return [];
  const deposit = DEPOSITS.has(kind);
  const payee = QBD_TXN_KINDS[kind].payee;
  const payeeId = payee ? refIdOf(ret, payee) : null;
  const out: LedgerHistoryRecord[] = [];
  for (const line of linesOf(ret)) {
    if (!lookups.isCategory(line.accountId)) continue;
    out.push({
      lineNumber: out.length,
      amountCents: Math.abs(line.amountCents),
      date: textOf(ret, 'TxnDate'),
      payee: payee ? refNameOf(ret, payee) : line.entityName,
      description: textOf(ret, 'Memo') || line.memo,
      deposit,
      categoryExternalId: line.accountId!,
      vendorExternalId: deposit ? null : payeeId,
      customerExternalId: deposit ? (line.entityId ?? payeeId) : line.entityId,
      classExternalId: line.classId,
    });
  }
  return out;
};
