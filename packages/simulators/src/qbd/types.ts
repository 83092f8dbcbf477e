/** The lists of a QuickBooks Desktop company the simulator models. */
export type ListKind = 'Account' | 'Vendor' | 'Customer' | 'Class' | 'Item' | 'SalesTaxCode' | 'PaymentMethod';

/** The transaction kinds Herd maps, named as qbXML names them (`CheckQueryRq`, `CheckRet`, …). */
export type TxnKind = 'Check' | 'CreditCardCharge' | 'CreditCardCredit' | 'Deposit' | 'Bill' | 'VendorCredit' | 'JournalEntry' | 'SalesReceipt';

export const TXN_KINDS: readonly TxnKind[] = ['Check', 'CreditCardCharge', 'CreditCardCredit', 'Deposit', 'Bill', 'VendorCredit', 'JournalEntry', 'SalesReceipt'];
export const LIST_KINDS: readonly ListKind[] = ['Account', 'Vendor', 'Customer', 'Class', 'Item', 'SalesTaxCode', 'PaymentMethod'];

/** `<XxxRef><ListID/><FullName/></XxxRef>` as stored: both halves, so a Ret always carries both. */
export interface Ref {
  listId: string;
  fullName: string;
}

export type BillableStatus = 'Billable' | 'NotBillable' | 'HasBeenBilled';

/** One entry of any list; the optional fields belong to the kinds noted beside them. */
export interface ListEntry {
  kind: ListKind;
  listId: string;
  timeCreated: number;
  timeModified: number;
  editSequence: string;
  name: string;
  fullName: string;
  isActive: boolean;
  /** Account: the account it is a sub-account of (its FullName then begins with the parent's, joined by a colon). */
  parent?: Ref;
  accountType?: string;
  specialAccountType?: string;
  accountNumber?: string;
  /** Item: the qbXML Ret name, e.g. ItemService. */
  itemType?: string;
  /** SalesTaxCode */
  isTaxable?: boolean;
}

export interface ExpenseLine {
  txnLineId: string;
  account: Ref;
  amountCents: number;
  memo?: string;
  customer?: Ref;
  class?: Ref;
  billableStatus?: BillableStatus;
}

/** A SalesReceipt line. */
export interface ItemLine {
  txnLineId: string;
  item: Ref;
  desc?: string;
  quantity?: number;
  amountCents: number;
  class?: Ref;
  salesTaxCode?: Ref;
}

export interface JournalLine {
  txnLineId: string;
  side: 'Debit' | 'Credit';
  account: Ref;
  amountCents: number;
  memo?: string;
  entity?: Ref;
  class?: Ref;
}

export interface DepositLine {
  txnLineId: string;
  entity?: Ref;
  account: Ref;
  memo?: string;
  checkNumber?: string;
  paymentMethod?: Ref;
  class?: Ref;
  amountCents: number;
}

/**
 * One transaction. `account` is the header account of its kind (the bank of a Check, the card of
 * a CreditCardCharge/Credit, DepositToAccountRef of a Deposit or SalesReceipt, APAccountRef of a
 * Bill/VendorCredit); `payee` is PayeeEntityRef, VendorRef or CustomerRef.
 */
export interface Txn {
  kind: TxnKind;
  txnId: string;
  txnNumber: number;
  timeCreated: number;
  timeModified: number;
  editSequence: string;
  txnDate: string;
  refNumber?: string;
  memo?: string;
  account?: Ref;
  payee?: Ref;
  paymentMethod?: Ref;
  dueDate?: string;
  isPaid?: boolean;
  expenseLines: ExpenseLine[];
  itemLines: ItemLine[];
  journalLines: JournalLine[];
  depositLines: DepositLine[];
}

/** The sum a Ret reports as Amount / DepositTotal / TotalAmount / AmountDue. */
export function txnTotalCents(txn: Txn): number {
  const sum = (lines: { amountCents: number }[]): number => lines.reduce((total, line) => total + line.amountCents, 0);
  if (txn.kind === 'JournalEntry') return sum(txn.journalLines.filter((line) => line.side === 'Debit'));
  if (txn.kind === 'Deposit') return sum(txn.depositLines);
  return sum(txn.expenseLines) + sum(txn.itemLines);
}

export function refOf(entry: ListEntry): Ref {
  return { listId: entry.listId, fullName: entry.fullName };
}
