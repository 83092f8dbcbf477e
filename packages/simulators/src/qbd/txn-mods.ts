import type { QbdCompany } from './company-store.js';
import { modDepositLines, modExpenseLines, modJournalLines, modSalesReceiptLines } from './line-mods.js';
import { editSequenceOutOfDate, failed, missingElement, objectNotFound, STATUS_OK, type QbxmlStatus, type RequestOutcome } from './qbxml-status.js';
import { isStatus, resolveRef } from './request-fields.js';
import { txnRet } from './ret-builders.js';
import type { ListKind, Txn, TxnKind } from './types.js';
import { child, childText, type XmlElement } from './xml-tree.js';

type HeaderProperty = 'account' | 'payee' | 'paymentMethod';

/** Header refs each kind's Mod may change, and where they land on the stored transaction. */
const HEADER_REFS: Record<TxnKind, [string, HeaderProperty, ListKind[]][]> = {
  Check: [
    ['AccountRef', 'account', ['Account']],
    ['PayeeEntityRef', 'payee', ['Vendor', 'Customer']],
  ],
  CreditCardCharge: [
    ['AccountRef', 'account', ['Account']],
    ['PayeeEntityRef', 'payee', ['Vendor', 'Customer']],
  ],
  CreditCardCredit: [
    ['AccountRef', 'account', ['Account']],
    ['PayeeEntityRef', 'payee', ['Vendor', 'Customer']],
  ],
  Bill: [
    ['VendorRef', 'payee', ['Vendor']],
    ['APAccountRef', 'account', ['Account']],
  ],
  VendorCredit: [
    ['VendorRef', 'payee', ['Vendor']],
    ['APAccountRef', 'account', ['Account']],
  ],
  Deposit: [['DepositToAccountRef', 'account', ['Account']]],
  JournalEntry: [],
  SalesReceipt: [
    ['CustomerRef', 'payee', ['Customer']],
    ['PaymentMethodRef', 'paymentMethod', ['PaymentMethod']],
    ['DepositToAccountRef', 'account', ['Account']],
  ],
};

/**
 * `<Kind>ModRq><Kind>Mod>`: TxnID and EditSequence first; a stale EditSequence answers 3200 and
 * changes nothing. Every change is worked out before any is applied, so an error leaves the
 * transaction as it was. The answer is the whole Ret, lines included, with the new EditSequence.
 */
export function answerTxnMod(company: QbdCompany, kind: TxnKind, request: XmlElement): RequestOutcome {
  const mod = child(request, `${kind}Mod`);
  if (!mod) return failed(missingElement(`${kind}Mod`));
  const txnId = childText(mod, 'TxnID');
  const editSequence = childText(mod, 'EditSequence');
  if (txnId === undefined) return failed(missingElement('TxnID'));
  if (editSequence === undefined) return failed(missingElement('EditSequence'));
  const txn = company.getTxn(txnId);
  if (!txn || txn.kind !== kind) return failed(objectNotFound(txnId));
  if (editSequence !== txn.editSequence) return failed(editSequenceOutOfDate(editSequence));

  const changes = readChanges(company, kind, mod, txn);
  if (isStatus(changes)) return failed(changes);
  Object.assign(txn, changes);
  company.touch(txn);
  return { status: STATUS_OK, rets: [txnRet(txn, true)] };
}

function readChanges(company: QbdCompany, kind: TxnKind, mod: XmlElement, txn: Txn): Partial<Txn> | QbxmlStatus {
  const changes: Partial<Txn> = {};
  for (const [field, property, kinds] of HEADER_REFS[kind]) {
    const ref = resolveRef(company, mod, field, kinds);
    if (isStatus(ref)) return ref;
    if (ref) changes[property] = ref;
  }
  for (const [field, property] of [
    ['TxnDate', 'txnDate'],
    ['RefNumber', 'refNumber'],
    ['Memo', 'memo'],
    ['DueDate', 'dueDate'],
  ] as const) {
    const text = childText(mod, field);
    if (text !== undefined) changes[property] = text;
  }
  const lines = readLineChanges(company, kind, mod, txn);
  return isStatus(lines) ? lines : { ...changes, ...lines };
}

function readLineChanges(company: QbdCompany, kind: TxnKind, mod: XmlElement, txn: Txn): Partial<Txn> | QbxmlStatus {
  switch (kind) {
    case 'Deposit': {
      const depositLines = modDepositLines(company, mod, txn.depositLines);
      return isStatus(depositLines) ? depositLines : { depositLines };
    }
    case 'JournalEntry': {
      const journalLines = modJournalLines(company, mod, txn.journalLines);
      return isStatus(journalLines) ? journalLines : { journalLines };
    }
    case 'SalesReceipt': {
      const itemLines = modSalesReceiptLines(company, mod, txn.itemLines);
      return isStatus(itemLines) ? itemLines : { itemLines };
    }
    default: {
      const expenseLines = modExpenseLines(company, mod, txn.expenseLines);
      return isStatus(expenseLines) ? expenseLines : { expenseLines };
    }
  }
}
