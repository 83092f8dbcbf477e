/** What the simulator knows about each Accounting API collection it serves. */
export interface EndpointSpec {
  /** The path segment and the key wrapping the array in bodies, e.g. `BankTransactions`. */
  name: string;
  idField: string;
  /** Lines whose amounts add up to the totals, when the record has them. */
  lines?: 'LineItems' | 'JournalLines';
  /** Answers `page=` with 100 records and a `pagination` block (§2.2). */
  paged: boolean;
  /** Honours `If-Modified-Since` (§2.2 lists which). */
  modifiedSince: boolean;
  /** The webhook category its changes are announced under; Xero has none for bank transactions. */
  webhook?: 'INVOICE' | 'CONTACT';
  /** Statuses that freeze a record: any later write is refused. */
  closedStatuses: readonly string[];
  /** The list leaves out these statuses unless `includeArchived` / `includeDeleted` asks for them. */
  hiddenStatuses?: { statuses: readonly string[]; param: string };
  /** The field carrying the record's status. */
  statusField: string;
  /** Accepts `/{id}/Attachments`. */
  attachments: boolean;
  /** Written only through the control API or another endpoint (TaxRates here; transfers' bank lines). */
  readOnly?: boolean;
}

const FROZEN = ['VOIDED', 'DELETED'] as const;

const spec = (name: string, idField: string, rest: Partial<EndpointSpec>): EndpointSpec => ({
  name,
  idField,
  paged: false,
  modifiedSince: false,
  closedStatuses: [],
  statusField: 'Status',
  attachments: false,
  ...rest,
});

export const ENDPOINTS: readonly EndpointSpec[] = [
  spec('Accounts', 'AccountID', { modifiedSince: true, attachments: true, closedStatuses: ['DELETED'] }),
  spec('Contacts', 'ContactID', {
    paged: true,
    modifiedSince: true,
    webhook: 'CONTACT',
    attachments: true,
    statusField: 'ContactStatus',
    hiddenStatuses: { statuses: ['ARCHIVED'], param: 'includeArchived' },
  }),
  spec('TrackingCategories', 'TrackingCategoryID', { hiddenStatuses: { statuses: ['ARCHIVED'], param: 'includeArchived' }, closedStatuses: ['DELETED'] }),
  spec('TaxRates', 'TaxType', { readOnly: true }),
  spec('Items', 'ItemID', { modifiedSince: true }),
  spec('BankTransactions', 'BankTransactionID', { lines: 'LineItems', paged: true, modifiedSince: true, attachments: true, closedStatuses: FROZEN }),
  spec('Invoices', 'InvoiceID', { lines: 'LineItems', paged: true, modifiedSince: true, webhook: 'INVOICE', attachments: true, closedStatuses: FROZEN }),
  spec('RepeatingInvoices', 'RepeatingInvoiceID', { lines: 'LineItems', attachments: true, closedStatuses: ['DELETED'] }),
  spec('PurchaseOrders', 'PurchaseOrderID', { lines: 'LineItems', paged: true, modifiedSince: true, attachments: true, closedStatuses: ['DELETED'] }),
  spec('Quotes', 'QuoteID', { lines: 'LineItems', paged: true, modifiedSince: true, attachments: true, closedStatuses: ['DELETED'] }),
  spec('ManualJournals', 'ManualJournalID', { lines: 'JournalLines', paged: true, modifiedSince: true, attachments: true, closedStatuses: FROZEN }),
  spec('BankTransfers', 'BankTransferID', {
    modifiedSince: true,
    attachments: true,
    closedStatuses: ['DELETED'],
    hiddenStatuses: { statuses: ['DELETED'], param: 'includeDeleted' },
  }),
];

const BY_NAME = new Map(ENDPOINTS.map((endpoint) => [endpoint.name.toLowerCase(), endpoint]));

/** Xero's paths are PascalCase but its router matches them case-insensitively. */
export function endpointNamed(segment: string): EndpointSpec | undefined {
  return BY_NAME.get(segment.toLowerCase());
}

export function requireEndpoint(segment: string): EndpointSpec {
  const endpoint = endpointNamed(segment);
  if (!endpoint) throw new Error(`Unknown Xero endpoint ${segment}`);
  return endpoint;
}

export const PAGE_SIZE = 100;
/** The largest `pageSize` accepted; Xero's maximum for Accounting is UNCONFIRMED, 1000 is the figure client libraries assume. */
export const MAX_PAGE_SIZE = 1000;
