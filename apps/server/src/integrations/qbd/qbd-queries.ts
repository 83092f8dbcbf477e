import type { QbxmlAsk } from './qbd-ask.js';
import { inSchemaOrder, QbxmlSchemaError } from './qbd-schema.js';
import { QBXML_VERSION, type QbxmlField } from './qbxml-xml.js';

/** Transactions to a page: QuickBooks builds a page in memory on the accountant's machine, so pages stay modest. */
export const TXN_PAGE = 500;
export const LIST_PAGE = 500;

/** What a paged query reads: lines always (without IncludeLineItems QuickBooks sends none). */
export interface QueryFilters {
  /** YYYY-MM-DD */
  fromTxnDate?: string;
  /** A moment: only what changed since. */
  fromModified?: Date;
}

/** qbXML's datetime: seconds and an offset (UTC here), no milliseconds. */
export const qbdDateTime = (moment: Date) => `${moment.toISOString().slice(0, 19)}+00:00`;

/**
 * The page of an iterator: `Start` with the filters, or `Continue` with the iterator's id (the
 * filters were fixed when it started). IncludeLineItems goes with every page: it says what each
 * page's Rets carry.
 */
export const txnQuery = (kind: string, filters: QueryFilters, iterator: { id: string } | 'Start'): QbxmlAsk => {
  const continuing = iterator !== 'Start';
  // ModifiedDateRangeFilter and TxnDateRangeFilter are alternatives in CheckQuery's schema (an OR
  // group in Intuit's OSR pages): an incremental page asks by modification only, and the pull drops
  // what is dated before the sync date itself.
  const dateFilter: QbxmlField[] = filters.fromModified
    ? [['ModifiedDateRangeFilter', inSchemaOrder('ModifiedDateRangeFilter', [['FromModifiedDate', qbdDateTime(filters.fromModified)]])]]
    : [['TxnDateRangeFilter', filters.fromTxnDate ? inSchemaOrder('TxnDateRangeFilter', [['FromTxnDate', filters.fromTxnDate]]) : undefined]];
  return {
    name: `${kind}QueryRq`,
    attrs: continuing ? { iterator: 'Continue', iteratorID: iterator.id } : { iterator: 'Start' },
    fields: inSchemaOrder('TxnQuery', [['MaxReturned', String(TXN_PAGE)], ...(continuing ? [] : dateFilter), ['IncludeLineItems', 'true']]),
  };
};

/** Transactions by TxnID, lines included: one request for many. */
export const txnByIdQuery = (kind: string, txnIds: string[]): QbxmlAsk => ({
  name: `${kind}QueryRq`,
  fields: inSchemaOrder('TxnQuery', [...txnIds.map((id): QbxmlField => ['TxnID', id]), ['IncludeLineItems', 'true']]),
});

/**
 * The lists whose query takes an iterator in qbXML 13.0 (VendorQueryRqType, CustomerQueryRqType,
 * ItemQueryRqType in qbxmlops130.xsd). AccountQuery, ClassQuery, SalesTaxCodeQuery and
 * PaymentMethodQuery have no `iterator` attribute: QuickBooks refuses a document holding one as a
 * whole (it cannot parse it), so those lists are read in one answer. They are short (a chart of
 * accounts runs to hundreds, not tens of thousands).
 */
const ITERATED_LISTS: ReadonlySet<string> = new Set(['Vendor', 'Customer', 'Item']);
export const listIterates = (list: string) => ITERATED_LISTS.has(list);

/** What every list query asks: inactive entries too (Herd shows them as inactive rather than losing them), changed since a moment. */
const listFilters = (filters: QueryFilters): QbxmlField[] => [
  ['ActiveStatus', 'All'],
  ['FromModifiedDate', filters.fromModified ? qbdDateTime(filters.fromModified) : undefined],
];

/** A page of a list that iterates (`listIterates`): `Start` with the filters, `Continue` with the iterator's id. */
export const listQuery = (list: string, filters: QueryFilters, iterator: { id: string } | 'Start'): QbxmlAsk => {
  if (!listIterates(list)) throw new QbxmlSchemaError(`${list}Query takes no iterator in qbXML ${QBXML_VERSION}.`);
  const continuing = iterator !== 'Start';
  return {
    name: `${list}QueryRq`,
    attrs: continuing ? { iterator: 'Continue', iteratorID: iterator.id } : { iterator: 'Start' },
    fields: inSchemaOrder('ListQuery', [['MaxReturned', String(LIST_PAGE)], ...(continuing ? [] : listFilters(filters))]),
  };
};

/** A whole list in one answer, for the lists that do not iterate: no MaxReturned, which would cut it short. */
export const wholeListQuery = (list: string, filters: QueryFilters): QbxmlAsk => ({
  name: `${list}QueryRq`,
  fields: inSchemaOrder('ListQuery', listFilters(filters)),
});

/** A list entry by its full name (the one a name-not-unique Add collided with). */
export const listByNameQuery = (list: string, fullName: string): QbxmlAsk => ({
  name: `${list}QueryRq`,
  fields: inSchemaOrder('ListQuery', [['FullName', fullName]]),
});
