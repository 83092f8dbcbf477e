import { qbdDateTime } from './qbd-time.js';
import { txnTotalCents, type DepositLine, type ExpenseLine, type ItemLine, type JournalLine, type ListEntry, type Ref, type Txn } from './types.js';
import { leaf, node, type OutElement } from './xml-tree.js';

/**
 * Ret elements in the qbXML schema's order. The order of the fields INTEGRATIONS.md §3.4 lists is
 * followed; fields it does not list are placed as Intuit's OSR pages show them (UNCONFIRMED).
 */
export const money = (cents: number): string => (cents / 100).toFixed(2);

function ref(name: string, value: Ref | undefined): OutElement[] {
  return value ? [node(name, [...leaf('ListID', value.listId), ...leaf('FullName', value.fullName)])] : [];
}

function stamps(record: { timeCreated: number; timeModified: number; editSequence: string }): OutElement[] {
  return [
    ...leaf('TimeCreated', qbdDateTime(record.timeCreated)),
    ...leaf('TimeModified', qbdDateTime(record.timeModified)),
    ...leaf('EditSequence', record.editSequence),
  ];
}

export function listRet(entry: ListEntry): OutElement {
  const head = [...leaf('ListID', entry.listId), ...stamps(entry), ...leaf('Name', entry.name)];
  switch (entry.kind) {
    case 'Account':
      return node('AccountRet', [
        ...head,
        ...leaf('FullName', entry.fullName),
        ...leaf('IsActive', entry.isActive),
        ...ref('ParentRef', entry.parent),
        // How deep in the chart: a top account is 0, each parent adds one (the colons of its full name).
        ...leaf('Sublevel', entry.fullName.split(':').length - 1),
        ...leaf('AccountType', entry.accountType),
        ...leaf('SpecialAccountType', entry.specialAccountType),
        ...leaf('AccountNumber', entry.accountNumber),
        ...leaf('Balance', '0.00'),
      ]);
    case 'Vendor':
    case 'Customer':
    case 'Class':
      return node(`${entry.kind}Ret`, [
        ...head,
        ...(entry.kind === 'Vendor' ? [] : leaf('FullName', entry.fullName)),
        ...leaf('IsActive', entry.isActive),
        ...sublevel(entry),
      ]);
    case 'Item':
      return node(`${entry.itemType ?? 'ItemService'}Ret`, [...head, ...leaf('FullName', entry.fullName), ...leaf('IsActive', entry.isActive), ...leaf('Sublevel', 0)]);
    case 'SalesTaxCode':
      return node('SalesTaxCodeRet', [...head, ...leaf('IsActive', entry.isActive), ...leaf('IsTaxable', entry.isTaxable ?? false)]);
    case 'PaymentMethod':
      return node('PaymentMethodRet', [...head, ...leaf('IsActive', entry.isActive)]);
  }
}

const sublevel = (entry: ListEntry): OutElement[] => (entry.kind === 'Vendor' ? [] : leaf('Sublevel', 0));

function expenseLineRet(line: ExpenseLine): OutElement {
  return node('ExpenseLineRet', [
    ...leaf('TxnLineID', line.txnLineId),
    ...ref('AccountRef', line.account),
    ...leaf('Amount', money(line.amountCents)),
    ...leaf('Memo', line.memo),
    ...ref('CustomerRef', line.customer),
    ...ref('ClassRef', line.class),
    ...leaf('BillableStatus', line.billableStatus),
  ]);
}

function journalLineRet(line: JournalLine): OutElement {
  return node(`Journal${line.side}Line`, [
    ...leaf('TxnLineID', line.txnLineId),
    ...ref('AccountRef', line.account),
    ...leaf('Amount', money(line.amountCents)),
    ...leaf('Memo', line.memo),
    ...ref('EntityRef', line.entity),
    ...ref('ClassRef', line.class),
  ]);
}

function depositLineRet(line: DepositLine): OutElement {
  return node('DepositLineRet', [
    ...leaf('TxnLineID', line.txnLineId),
    ...ref('EntityRef', line.entity),
    ...ref('AccountRef', line.account),
    ...leaf('Memo', line.memo),
    ...leaf('CheckNumber', line.checkNumber),
    ...ref('PaymentMethodRef', line.paymentMethod),
    ...ref('ClassRef', line.class),
    ...leaf('Amount', money(line.amountCents)),
  ]);
}

function salesReceiptLineRet(line: ItemLine): OutElement {
  return node('SalesReceiptLineRet', [
    ...leaf('TxnLineID', line.txnLineId),
    ...ref('ItemRef', line.item),
    ...leaf('Desc', line.desc),
    ...leaf('Quantity', line.quantity),
    ...ref('ClassRef', line.class),
    ...leaf('Amount', money(line.amountCents)),
    ...ref('SalesTaxCodeRef', line.salesTaxCode),
  ]);
}

/** A transaction's Ret; lines only when the query said IncludeLineItems (Mod answers always include them). */
export function txnRet(txn: Txn, includeLines: boolean): OutElement {
  const head = [...leaf('TxnID', txn.txnId), ...stamps(txn), ...leaf('TxnNumber', txn.txnNumber)];
  const total = money(txnTotalCents(txn));
  const expense = includeLines ? txn.expenseLines.map(expenseLineRet) : [];
  const fields = ((): OutElement[] => {
    switch (txn.kind) {
      case 'Check':
        return [
          ...ref('AccountRef', txn.account),
          ...ref('PayeeEntityRef', txn.payee),
          ...leaf('RefNumber', txn.refNumber),
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('Amount', total),
          ...leaf('Memo', txn.memo),
          ...leaf('IsToBePrinted', false),
          ...expense,
        ];
      case 'CreditCardCharge':
      case 'CreditCardCredit':
        return [
          ...ref('AccountRef', txn.account),
          ...ref('PayeeEntityRef', txn.payee),
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('Amount', total),
          ...leaf('RefNumber', txn.refNumber),
          ...leaf('Memo', txn.memo),
          ...expense,
        ];
      case 'Bill':
        return [
          ...ref('VendorRef', txn.payee),
          ...ref('APAccountRef', txn.account),
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('DueDate', txn.dueDate),
          ...leaf('AmountDue', total),
          ...leaf('RefNumber', txn.refNumber),
          ...leaf('Memo', txn.memo),
          ...leaf('IsPaid', txn.isPaid ?? false),
          ...expense,
        ];
      case 'VendorCredit':
        return [
          ...ref('VendorRef', txn.payee),
          ...ref('APAccountRef', txn.account),
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('CreditAmount', total),
          ...leaf('RefNumber', txn.refNumber),
          ...leaf('Memo', txn.memo),
          ...expense,
        ];
      case 'Deposit':
        return [
          ...leaf('TxnDate', txn.txnDate),
          ...ref('DepositToAccountRef', txn.account),
          ...leaf('Memo', txn.memo),
          ...leaf('DepositTotal', total),
          ...(includeLines ? txn.depositLines.map(depositLineRet) : []),
        ];
      case 'JournalEntry':
        return [
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('RefNumber', txn.refNumber),
          ...leaf('Memo', txn.memo),
          ...leaf('IsAdjustment', false),
          ...(includeLines ? txn.journalLines.map(journalLineRet) : []),
        ];
      case 'SalesReceipt':
        return [
          ...ref('CustomerRef', txn.payee),
          ...leaf('TxnDate', txn.txnDate),
          ...leaf('RefNumber', txn.refNumber),
          ...ref('PaymentMethodRef', txn.paymentMethod),
          ...leaf('Subtotal', total),
          ...leaf('TotalAmount', total),
          ...leaf('Memo', txn.memo),
          ...ref('DepositToAccountRef', txn.account),
          ...(includeLines ? txn.itemLines.map(salesReceiptLineRet) : []),
        ];
    }
  })();
  return node(`${txn.kind}Ret`, [...head, ...fields]);
}
