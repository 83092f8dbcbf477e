import { fromCents } from '@herd/contract';
import type { PublishLine } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboEntity } from './qbo-api.js';
import { detailOf, isWatchedLine, type MapContext, type QboLine, type TransactionEntity } from './qbo-transaction-map.js';

export type { PublishLine };

export interface PublishContext extends MapContext {
  /** Income account id → an active item posting to it: sales receipts are categorized through items. */
  itemForIncomeAccount: Map<string, string>;
}

/** The categorization cannot be expressed in QuickBooks; the message says what to do. */
export class UnpublishableError extends Error {}

type Obj = Record<string, unknown>;
const ref = (value: string | null) => (value ? { value } : undefined);
/** QuickBooks takes amounts as JSON numbers: the exact decimal of the cents, read as a number. */
const amount = (cents: number) => Number(fromCents(cents));
const billableStatus = (flag: PublishLine['billable']) => (flag === 'BILLABLE' ? 'Billable' : flag === 'NOT_BILLABLE' ? 'NotBillable' : undefined);
/** Drops the keys left undefined, so a sparse update never clears what Herd did not set. */
const defined = (obj: Obj): Obj => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));

const entityRef = (line: PublishLine) =>
  line.vendorExternalId ? { value: line.vendorExternalId, type: 'Vendor' } : line.customerExternalId ? { value: line.customerExternalId, type: 'Customer' } : undefined;

const expenseLine = (line: PublishLine): QboLine => ({
  Amount: amount(line.amountCents),
  Description: line.description || undefined,
  DetailType: 'AccountBasedExpenseLineDetail',
  AccountBasedExpenseLineDetail: defined({
    AccountRef: { value: line.categoryExternalId },
    ClassRef: ref(line.classExternalId),
    CustomerRef: ref(line.customerExternalId),
    BillableStatus: billableStatus(line.billable),
    TaxCodeRef: ref(line.taxExternalId),
  }),
});

const depositLine = (line: PublishLine): QboLine => ({
  Amount: amount(line.amountCents),
  Description: line.description || undefined,
  DetailType: 'DepositLineDetail',
  DepositLineDetail: defined({
    AccountRef: { value: line.categoryExternalId },
    ClassRef: ref(line.classExternalId),
    Entity: entityRef(line),
    TaxCodeRef: ref(line.taxExternalId),
  }),
});

const journalLine = (line: PublishLine, postingType: unknown): QboLine => {
  const party = entityRef(line);
  return {
    Amount: amount(line.amountCents),
    Description: line.description || undefined,
    DetailType: 'JournalEntryLineDetail',
    JournalEntryLineDetail: defined({
      PostingType: postingType === 'Credit' ? 'Credit' : 'Debit',
      AccountRef: { value: line.categoryExternalId },
      ClassRef: ref(line.classExternalId),
      DepartmentRef: ref(line.locationExternalId),
      Entity: party ? { Type: party.type, EntityRef: { value: party.value } } : undefined,
      BillableStatus: billableStatus(line.billable),
      TaxCodeRef: ref(line.taxExternalId),
    }),
  };
};

const salesLine = (line: PublishLine, ctx: PublishContext): QboLine => {
  const item = ctx.itemForIncomeAccount.get(line.categoryExternalId);
  if (!item)
    throw new UnpublishableError(
      'No active item in QuickBooks posts to this category; a sales receipt is categorized through an item. Create one in QuickBooks, then resync.',
    );
  return {
    Amount: amount(line.amountCents),
    Description: line.description || undefined,
    DetailType: 'SalesItemLineDetail',
    SalesItemLineDetail: defined({
      ItemRef: { value: item },
      Qty: 1,
      UnitPrice: amount(line.amountCents),
      ClassRef: ref(line.classExternalId),
      TaxCodeRef: ref(line.taxExternalId),
    }),
  };
};

/**
 * The sparse update that writes a categorization back: the lines on watched
 * accounts are replaced by the client's lines, every other line is sent back
 * as read (a `Line` array replaces all lines), and the payee and location are
 * set where the transaction keeps them.
 */
export const buildPublishUpdate = (entity: TransactionEntity, raw: QboEntity, lines: PublishLine[], ctx: PublishContext): Obj & { Id: string; SyncToken: string } => {
  const original = (raw.Line as QboLine[] | undefined) ?? [];
  const kept = original.filter((line) => line.DetailType !== 'SubTotalLineDetail' && !isWatchedLine(line, ctx));
  const firstWatched = original.find((line) => isWatchedLine(line, ctx));
  // Only a journal line has a posting type; the new lines post on the side the watched one did.
  const posting = entity === 'JournalEntry' && firstWatched ? detailOf(firstWatched).PostingType : undefined;
  const build = (line: PublishLine): QboLine => {
    switch (entity) {
      case 'Purchase':
      case 'Bill':
      case 'VendorCredit':
        return expenseLine(line);
      case 'Deposit':
        return depositLine(line);
      case 'JournalEntry':
        return journalLine(line, posting);
      case 'SalesReceipt':
        return salesLine(line, ctx);
    }
  };
  const first = lines[0];
  const vendor = lines.find((line) => line.vendorExternalId)?.vendorExternalId ?? null;
  const customer = lines.find((line) => line.customerExternalId)?.customerExternalId ?? null;
  const header: Obj = {};
  if (entity === 'Purchase' && (vendor || customer)) header.EntityRef = vendor ? { value: vendor, type: 'Vendor' } : { value: customer, type: 'Customer' };
  if ((entity === 'Bill' || entity === 'VendorCredit') && vendor) header.VendorRef = { value: vendor };
  if (entity === 'SalesReceipt' && customer) header.CustomerRef = { value: customer };
  if (entity !== 'JournalEntry' && first?.locationExternalId) header.DepartmentRef = { value: first.locationExternalId };
  return { Id: raw.Id, SyncToken: raw.SyncToken, ...header, Line: [...kept, ...lines.map(build)] };
};
