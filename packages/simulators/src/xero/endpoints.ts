/** What the simulator knows about each Accounting API collection it serves. */
export interface EndpointSpec {
  /** The path segment and the key wrapping the array in bodies, e.g. `BankTransactions`. */
  name: string;
  idField: string;
  /** Lines whose amounts add up to the totals, when the record has them. */
  lines?: 'LineItems' | 'JournalLines';
  /** Takes `page=` and answers it with 100 records (or `pageSize`, where the contract takes it) a page. */
  paged: boolean;
  /**
   * A paged answer carries a `pagination` element. Not every list Xero pages has one: Quotes takes
   * `page` but its answer's schema defines no `pagination`, so a client learns the end only from a
   * page that comes back short.
   */
  pagination?: boolean;
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
  /** Its records say `HasAttachments`; a quote takes files, but its schema has no such field. */
  flagsAttachments?: boolean;
  /**
   * The read-only stamp its records carry, as the contract's schema names it: most carry when they
   * last changed; a bank transfer only when it was made; tax rates, tracking categories and
   * repeating invoices none at all.
   */
  stamp?: 'UpdatedDateUTC' | 'CreatedDateUTC';
  /**
   * How an item of a `summarizeErrors=false` answer says whether it was written, in the fields its
   * schema defines: `StatusAttributeString` on most, `HasErrors` on invoices only.
   */
  outcomeFields: readonly ('StatusAttributeString' | 'HasErrors')[];
  /**
   * Writes whose body is one bare object rather than a list under the endpoint's name, as the
   * contract has them: a new account (`PUT /Accounts`), a tracking category either way.
   */
  bareBody?: readonly ('PUT' | 'POST')[];
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
  stamp: 'UpdatedDateUTC',
  outcomeFields: ['StatusAttributeString'],
  ...rest,
});

export const ENDPOINTS: readonly EndpointSpec[] = [
  spec('Accounts', 'AccountID', { outcomeFields: [], bareBody: ['PUT'], modifiedSince: true, attachments: true, closedStatuses: ['DELETED'] }),
  spec('Contacts', 'ContactID', {
    paged: true,
    pagination: true,
    modifiedSince: true,
    webhook: 'CONTACT',
    attachments: true,
    statusField: 'ContactStatus',
    hiddenStatuses: { statuses: ['ARCHIVED'], param: 'includeArchived' },
  }),
  spec('TrackingCategories', 'TrackingCategoryID', {
    stamp: undefined,
    outcomeFields: [],
    bareBody: ['PUT', 'POST'],
    hiddenStatuses: { statuses: ['ARCHIVED'], param: 'includeArchived' },
    closedStatuses: ['DELETED'],
  }),
  spec('TaxRates', 'TaxType', { readOnly: true, stamp: undefined, outcomeFields: [] }),
  spec('Items', 'ItemID', { modifiedSince: true }),
  spec('BankTransactions', 'BankTransactionID', { lines: 'LineItems', paged: true, pagination: true, modifiedSince: true, attachments: true, closedStatuses: FROZEN }),
  spec('Invoices', 'InvoiceID', {
    outcomeFields: ['StatusAttributeString', 'HasErrors'],
    lines: 'LineItems',
    paged: true,
    pagination: true,
    modifiedSince: true,
    webhook: 'INVOICE',
    attachments: true,
    closedStatuses: FROZEN,
  }),
  spec('RepeatingInvoices', 'RepeatingInvoiceID', { lines: 'LineItems', stamp: undefined, outcomeFields: [], attachments: true, closedStatuses: ['DELETED'] }),
  spec('PurchaseOrders', 'PurchaseOrderID', { lines: 'LineItems', paged: true, pagination: true, modifiedSince: true, attachments: true, closedStatuses: ['DELETED'] }),
  spec('Quotes', 'QuoteID', { lines: 'LineItems', paged: true, modifiedSince: true, attachments: true, flagsAttachments: false, closedStatuses: ['DELETED'] }),
  spec('ManualJournals', 'ManualJournalID', { lines: 'JournalLines', paged: true, pagination: true, modifiedSince: true, attachments: true, closedStatuses: FROZEN }),
  spec('BankTransfers', 'BankTransferID', {
    modifiedSince: true,
    attachments: true,
    stamp: 'CreatedDateUTC',
    outcomeFields: [],
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
