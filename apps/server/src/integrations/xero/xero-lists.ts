/**
 * What Xero's contract lets a GET of each list Herd reads take (xero_accounting.yaml): not every
 * list pages, takes `where` or honours If-Modified-Since, and a parameter a list does not define is
 * refused by Xero (or, worse, ignored), so Herd sends each list only what it takes.
 */
export interface XeroListTraits {
  /** Takes `page` (100 a page). A paged list's answer may or may not carry a `pagination` element. */
  paged: boolean;
  /** How its date is filtered: a `where` expression, `DateFrom` (purchase orders, quotes), or not at all. */
  dateFilter: 'where' | 'DateFrom' | null;
  /** Takes `where` at all (purchase orders and quotes do not). */
  where: boolean;
  /** Honours If-Modified-Since. */
  modifiedSince: boolean;
}

const list = (paged: boolean, dateFilter: XeroListTraits['dateFilter'], modifiedSince: boolean): XeroListTraits => ({
  paged,
  dateFilter,
  where: dateFilter !== 'DateFrom',
  modifiedSince,
});

export const XERO_LISTS: Readonly<Record<string, XeroListTraits>> = {
  Accounts: list(false, null, true),
  Contacts: list(true, null, true),
  TrackingCategories: list(false, null, false),
  TaxRates: list(false, null, false),
  Items: list(false, null, true),
  BankTransactions: list(true, 'where', true),
  Invoices: list(true, 'where', true),
  // A repeating invoice has no date of its own and no stamp: read whole every time.
  RepeatingInvoices: list(false, null, false),
  PurchaseOrders: list(true, 'DateFrom', true),
  Quotes: list(true, 'DateFrom', true),
  ManualJournals: list(true, 'where', true),
};

export const traitsOf = (collection: string): XeroListTraits => {
  const traits = XERO_LISTS[collection];
  if (!traits) throw new Error(`Herd does not read Xero's ${collection}`);
  return traits;
};
