import type { TransactionType } from '@herd/contract';
import type { LedgerRecordLine, LedgerTransaction } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { idOf, text, xeroCents, xeroDay, type XeroObject } from './xero-values.js';

/** The Xero objects Herd reads transactions from, in the order a pull reads them, with the collection and id field of each. */
export const XERO_TRANSACTION_ENTITIES = {
  BankTransaction: { collection: 'BankTransactions', id: 'BankTransactionID', lines: 'LineItems' },
  Invoice: { collection: 'Invoices', id: 'InvoiceID', lines: 'LineItems' },
  RepeatingInvoice: { collection: 'RepeatingInvoices', id: 'RepeatingInvoiceID', lines: 'LineItems' },
  PurchaseOrder: { collection: 'PurchaseOrders', id: 'PurchaseOrderID', lines: 'LineItems' },
  Quote: { collection: 'Quotes', id: 'QuoteID', lines: 'LineItems' },
  ManualJournal: { collection: 'ManualJournals', id: 'ManualJournalID', lines: 'JournalLines' },
} as const;
export type XeroEntity = keyof typeof XERO_TRANSACTION_ENTITIES;
export const XERO_ENTITY_NAMES = Object.keys(XERO_TRANSACTION_ENTITIES) as XeroEntity[];

const LABELS: Record<XeroEntity, string> = {
  BankTransaction: 'Bank transaction',
  Invoice: 'Invoice',
  RepeatingInvoice: 'Repeating invoice',
  PurchaseOrder: 'Purchase order',
  Quote: 'Quote',
  ManualJournal: 'Manual journal',
};

const BANK_SUBTYPES: Record<string, { type: TransactionType; subtype: string }> = {
  SPEND: { type: 'EXPENSE', subtype: 'SPEND' },
  'SPEND-OVERPAYMENT': { type: 'EXPENSE', subtype: 'SPEND_OVERPAYMENT' },
  'SPEND-PREPAYMENT': { type: 'EXPENSE', subtype: 'SPEND_PREPAYMENT' },
  'SPEND-TRANSFER': { type: 'EXPENSE', subtype: 'SPEND_TRANSFER' },
  RECEIVE: { type: 'DEPOSIT', subtype: 'RECEIVE' },
  'RECEIVE-OVERPAYMENT': { type: 'DEPOSIT', subtype: 'RECEIVE_OVERPAYMENT' },
  'RECEIVE-PREPAYMENT': { type: 'DEPOSIT', subtype: 'RECEIVE_PREPAYMENT' },
  'RECEIVE-TRANSFER': { type: 'DEPOSIT', subtype: 'RECEIVE_TRANSFER' },
};

/** Statuses in which the object no longer counts in Xero: Herd's copy is cancelled. */
const GONE = new Set(['DELETED', 'VOIDED']);
export const isGone = (row: XeroObject) => GONE.has(text(row.Status));

export const linesOf = (entity: XeroEntity, row: XeroObject): XeroObject[] => (row[XERO_TRANSACTION_ENTITIES[entity].lines] as XeroObject[] | undefined) ?? [];
export const idOfRow = (entity: XeroEntity, row: XeroObject): string => text(row[XERO_TRANSACTION_ENTITIES[entity].id]);

/** A journal line's amount is signed (debit positive); every other line's is what it says. */
const lineCents = (entity: XeroEntity, line: XeroObject) => {
  const cents = xeroCents(line.LineAmount);
  return entity === 'ManualJournal' ? Math.abs(cents) : cents;
};

/** Herd's kind and subtype of a Xero object; null for kinds Herd does not ask about (credit notes and the like). */
const kindOf = (entity: XeroEntity, row: XeroObject, watchedLines: XeroObject[]): { type: TransactionType; subtype: string } | null => {
  const type = text(row.Type);
  switch (entity) {
    case 'BankTransaction':
      return BANK_SUBTYPES[type] ?? null;
    case 'Invoice':
      return type === 'ACCPAY' ? { type: 'BILL', subtype: 'ACCPAY_INVOICE' } : type === 'ACCREC' ? { type: 'DEPOSIT', subtype: 'ACCREC_INVOICE' } : null;
    case 'RepeatingInvoice':
      return type === 'ACCPAY'
        ? { type: 'BILL', subtype: 'REPEATING_ACCPAY_INVOICE' }
        : type === 'ACCREC'
          ? { type: 'DEPOSIT', subtype: 'REPEATING_ACCREC_INVOICE' }
          : null;
    case 'PurchaseOrder':
      return { type: 'EXPENSE', subtype: 'PURCHASE_ORDER' };
    case 'Quote':
      return { type: 'DEPOSIT', subtype: 'QUOTE' };
    case 'ManualJournal':
      // A debit to the watched account is money spent; a credit is money received.
      return xeroCents(watchedLines[0]!.LineAmount) < 0 ? { type: 'DEPOSIT', subtype: 'MANUAL_JOURNAL' } : { type: 'EXPENSE', subtype: 'MANUAL_JOURNAL' };
  }
};

/** The options of a line's tracking, placed as the organisation's first and second categories. */
export const trackingOf = (line: XeroObject, lookups: XeroLookups): [string | null, string | null] => {
  const placed: [string | null, string | null] = [null, null];
  for (const entry of (line.Tracking as XeroObject[] | undefined) ?? []) {
    const option = text(entry.TrackingOptionID);
    const position = lookups.trackingPosition(text(entry.TrackingCategoryID) || (lookups.trackingOption(option)?.categoryId ?? ''));
    if (position !== null && option !== '') placed[position] = option;
  }
  return placed;
};

/** The account money moved through: a bank transaction's bank account, a journal's first line off the watched accounts. */
const paymentAccountOf = (entity: XeroEntity, row: XeroObject, lines: XeroObject[], lookups: XeroLookups): string | null => {
  if (entity === 'BankTransaction') return idOf(row.BankAccount, 'AccountID');
  if (entity !== 'ManualJournal') return null;
  const other = lines.find((line) => !lookups.isWatched(lookups.accountOf(line)));
  return other ? lookups.accountOf(other) : null;
};

/** Maps one Xero object; null when none of its lines sits on a watched account (or Herd does not ask about its kind). */
export const mapXeroTransaction = (entity: XeroEntity, row: XeroObject, lookups: XeroLookups): LedgerTransaction | null => {
  const lines = linesOf(entity, row);
  const watchedLines = lines.filter((line) => lookups.isWatched(lookups.accountOf(line)));
  if (watchedLines.length === 0) return null;
  const kind = kindOf(entity, row, watchedLines);
  if (!kind) return null;
  const recordLines = watchedLines.map((line): LedgerRecordLine => {
    const [one, two] = trackingOf(line, lookups);
    return {
      amountCents: lineCents(entity, line),
      description: text(line.Description),
      classExternalId: null,
      customerExternalId: null,
      taxExternalId: text(line.TaxType) || null,
      trackingOneExternalId: one,
      trackingTwoExternalId: two,
      billable: null,
    };
  });
  const number = text(row.InvoiceNumber ?? row.PurchaseOrderNumber ?? row.QuoteNumber);
  const description =
    text(row.Reference) || text(row.Narration) || recordLines.find((l) => l.description)?.description || `${LABELS[entity]}${number ? ` ${number}` : ''}`;
  return {
    entityType: entity,
    ...kind,
    date: xeroDay(row),
    amountCents: recordLines.reduce((sum, line) => sum + line.amountCents, 0),
    currency: text(row.CurrencyCode) || 'USD',
    description,
    payee: text((row.Contact as XeroObject | undefined)?.Name),
    paymentAccountExternalId: paymentAccountOf(entity, row, lines, lookups),
    watchedAccountExternalId: lookups.accountOf(watchedLines[0]!),
    locationExternalId: null,
    lines: recordLines,
  };
};
