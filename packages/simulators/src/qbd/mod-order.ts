import type { XmlElement } from './xml-tree.js';

/**
 * Children orders of the Mod aggregates INTEGRATIONS.md §3.6 gives. QuickBooks validates qbXML
 * against the schema's sequences, so a Mod with children out of order is refused as a whole.
 * Note CheckMod sends RefNumber before TxnDate and CreditCardChargeMod the reverse.
 */
const CHECK_MOD = [
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
  'ClearItemLines',
  'ItemLineMod',
  'ItemGroupLineMod',
];
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
  'ClearItemLines',
  'ItemLineMod',
  'ItemGroupLineMod',
];
const EXPENSE_LINE_MOD = ['TxnLineID', 'AccountRef', 'Amount', 'TaxAmount', 'Memo', 'CustomerRef', 'ClassRef', 'SalesTaxCodeRef', 'BillableStatus'];

/** Aggregates whose order is checked; CreditCardCreditMod is taken to match CreditCardChargeMod (UNCONFIRMED). */
const ORDERS: Record<string, string[]> = {
  CheckMod: CHECK_MOD,
  CreditCardChargeMod: CARD_MOD,
  CreditCardCreditMod: CARD_MOD,
  ExpenseLineMod: EXPENSE_LINE_MOD,
};

/** The first element found out of schema order in this aggregate or its checked children, if any. */
export function findOutOfOrder(element: XmlElement): string | undefined {
  const order = ORDERS[element.name];
  if (order) {
    let last = -1;
    for (const each of element.children) {
      const position = order.indexOf(each.name);
      if (position === -1) return `${element.name}/${each.name}`;
      if (position < last) return `${element.name}/${each.name}`;
      last = position;
    }
  }
  for (const each of element.children) {
    const found = ORDERS[each.name] ? findOutOfOrder(each) : undefined;
    if (found) return found;
  }
  return undefined;
}
