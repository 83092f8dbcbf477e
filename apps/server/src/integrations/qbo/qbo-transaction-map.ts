import { centsOf, type TransactionType } from '@herd/contract';
import type { LedgerRecordLine, LedgerTransaction } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboEntity } from './qbo-api.js';

/** The transaction lists Herd reads from QuickBooks, in the order a pull reads them. */
export const TRANSACTION_ENTITIES = ['Purchase', 'Deposit', 'JournalEntry', 'Bill', 'VendorCredit', 'SalesReceipt'] as const;
export type TransactionEntity = (typeof TRANSACTION_ENTITIES)[number];

const ENTITY_LABELS: Record<TransactionEntity, string> = {
  Purchase: 'Expense',
  Deposit: 'Deposit',
  JournalEntry: 'Journal entry',
  Bill: 'Bill',
  VendorCredit: 'Vendor credit',
  SalesReceipt: 'Sales receipt',
};

export interface MapContext {
  /** External ids of the watched accounts. */
  watched: Set<string>;
  /** Item id → its income account id, to tell which sales receipt lines sit on a watched account. */
  itemIncomeAccount: Map<string, string>;
}

type Obj = Record<string, unknown>;
export type QboLine = Obj & { Amount?: number | string; DetailType?: string; Description?: string };

export const refValue = (ref: unknown): string | null => {
  const value = (ref as Obj | undefined)?.value;
  return value === undefined || value === null ? null : String(value);
};
const refName = (ref: unknown): string => String((ref as Obj | undefined)?.name ?? '');
/** QuickBooks writes amounts as JSON numbers; to two decimals, then to exact cents. */
export const toCents = (amount: unknown): number => centsOf(Number(amount ?? 0).toFixed(2));
export const detailOf = (line: QboLine): Obj => (line.DetailType ? ((line[line.DetailType] as Obj | undefined) ?? {}) : {});

/** The account a line posts to (a sales line posts to its item's income account). */
export const lineAccount = (line: QboLine, ctx: MapContext): string | null => {
  const detail = detailOf(line);
  if (line.DetailType === 'SalesItemLineDetail') {
    const item = refValue(detail.ItemRef);
    return item ? (ctx.itemIncomeAccount.get(item) ?? null) : null;
  }
  return refValue(detail.AccountRef);
};

export const isWatchedLine = (line: QboLine, ctx: MapContext): boolean => {
  const account = lineAccount(line, ctx);
  return account !== null && ctx.watched.has(account);
};

/**
 * The customer a line names, where its detail type keeps one (Finance.xsd): an expense line's
 * CustomerRef; a deposit line's Entity, a reference whose type says customer; a journal line's
 * Entity, a type and an EntityRef. Deposit and journal lines have no CustomerRef.
 */
export const lineCustomerOf = (line: QboLine): string | null => {
  const detail = detailOf(line);
  switch (line.DetailType) {
    case 'AccountBasedExpenseLineDetail':
    case 'ItemBasedExpenseLineDetail':
      return refValue(detail.CustomerRef);
    case 'DepositLineDetail': {
      // The schema leaves a reference's type free text; QuickBooks writes it in either case.
      const entity = detail.Entity as Obj | undefined;
      return String(entity?.type ?? '').toLowerCase() === 'customer' ? refValue(entity) : null;
    }
    case 'JournalEntryLineDetail': {
      const entity = detail.Entity as Obj | undefined;
      return entity?.Type === 'Customer' ? refValue(entity.EntityRef) : null;
    }
    default:
      return null;
  }
};

/** Billable status lives on expense and journal lines only (deposit and sales lines have none). */
const billableOf = (line: QboLine): LedgerRecordLine['billable'] => {
  if (!['AccountBasedExpenseLineDetail', 'ItemBasedExpenseLineDetail', 'JournalEntryLineDetail'].includes(String(line.DetailType))) return null;
  const status = detailOf(line).BillableStatus;
  return status === 'Billable' ? 'BILLABLE' : status === 'NotBillable' ? 'NOT_BILLABLE' : null;
};

const kindOf = (entity: TransactionEntity, raw: QboEntity, watchedLines: QboLine[]): { type: TransactionType; subtype: string } | null => {
  switch (entity) {
    case 'Purchase':
      if (raw.PaymentType === 'CreditCard') return { type: 'EXPENSE', subtype: raw.Credit === true ? 'CREDIT_CARD_CREDIT' : 'CREDIT_CARD_CHARGE' };
      return { type: 'EXPENSE', subtype: 'PURCHASE' };
    case 'Bill':
      return { type: 'BILL', subtype: 'BILL' };
    case 'VendorCredit':
      return { type: 'BILL', subtype: 'VENDOR_CREDIT' };
    case 'Deposit':
      return { type: 'DEPOSIT', subtype: 'DEPOSIT' };
    case 'SalesReceipt':
      return { type: 'DEPOSIT', subtype: 'SALES_RECEIPT' };
    case 'JournalEntry': {
      // A debit to the watched account is money spent; a credit is money received.
      const posting = detailOf(watchedLines[0]!).PostingType;
      return posting === 'Credit' ? { type: 'DEPOSIT', subtype: 'JOURNAL_ENTRY' } : { type: 'EXPENSE', subtype: 'JOURNAL_ENTRY' };
    }
  }
};

const paymentAccountOf = (entity: TransactionEntity, raw: QboEntity, lines: QboLine[], ctx: MapContext): string | null => {
  if (entity === 'Purchase') return refValue(raw.AccountRef);
  if (entity === 'Deposit' || entity === 'SalesReceipt') return refValue(raw.DepositToAccountRef);
  if (entity === 'Bill' || entity === 'VendorCredit') return refValue(raw.APAccountRef);
  // A journal entry's other side: the first line not on a watched account.
  const other = lines.find((line) => !isWatchedLine(line, ctx));
  return other ? lineAccount(other, ctx) : null;
};

export const payeeOf = (entity: TransactionEntity, raw: QboEntity, watchedLines: QboLine[]): string => {
  if (entity === 'Purchase') return refName(raw.EntityRef);
  if (entity === 'Bill' || entity === 'VendorCredit') return refName(raw.VendorRef);
  if (entity === 'SalesReceipt') return refName(raw.CustomerRef);
  // A deposit line's Entity is the reference itself; a journal line's holds a type and an EntityRef.
  const first = watchedLines[0];
  const party = first ? (detailOf(first).Entity as Obj | undefined) : undefined;
  return entity === 'Deposit' ? refName(party) : refName(party?.EntityRef);
};

/** Maps one QuickBooks transaction; null when none of its lines sits on a watched account. */
export const mapTransaction = (entity: TransactionEntity, raw: QboEntity, ctx: MapContext): LedgerTransaction | null => {
  const lines = ((raw.Line as QboLine[] | undefined) ?? []).filter((line) => line.DetailType !== 'SubTotalLineDetail');
  const watchedLines = lines.filter((line) => isWatchedLine(line, ctx));
  if (watchedLines.length === 0) return null;
  const kind = kindOf(entity, raw, watchedLines)!;
  const pulledLines = watchedLines.map((line): LedgerRecordLine => {
    const detail = detailOf(line);
    return {
      amountCents: toCents(line.Amount),
      description: String(line.Description ?? ''),
      classExternalId: refValue(detail.ClassRef),
      customerExternalId: lineCustomerOf(line),
      taxExternalId: refValue(detail.TaxCodeRef),
      // QuickBooks Online has classes and locations, not tracking categories.
      trackingOneExternalId: null,
      trackingTwoExternalId: null,
      billable: billableOf(line),
    };
  });
  const firstDescription = pulledLines.find((line) => line.description)?.description ?? '';
  // Something a person can recognize even when QuickBooks holds no memo, description or number.
  const fallback = `${ENTITY_LABELS[entity]}${raw.DocNumber ? ` ${String(raw.DocNumber)}` : ''}`;
  return {
    entityType: entity,
    ...kind,
    date: String(raw.TxnDate ?? '').slice(0, 10),
    amountCents: pulledLines.reduce((sum, line) => sum + line.amountCents, 0),
    currency: refValue(raw.CurrencyRef) ?? 'USD',
    description: String(raw.PrivateNote ?? '') || firstDescription || fallback,
    payee: payeeOf(entity, raw, watchedLines),
    paymentAccountExternalId: paymentAccountOf(entity, raw, lines, ctx),
    watchedAccountExternalId: lineAccount(watchedLines[0]!, ctx)!,
    locationExternalId: refValue(raw.DepartmentRef),
    lines: pulledLines,
  };
};
