/**
 * Lengths qbXML 13.0 allows where Herd sends a name a person typed or an id it holds
 * (qbxml130.xsd, qbxmltypes130.xsd). QuickBooks refuses a whole document when one value is
 * longer, before any request in it runs, and the Web Connector run ends there; the same request
 * would end every later run too. So Herd refuses the one entry or transaction itself.
 */

/** IDTYPE: no ListID QuickBooks issues is longer (an entry still waiting to be made in QuickBooks has a longer id of Herd's). */
export const LIST_ID_MAX = 36;

/**
 * Why lines naming these ids cannot go yet, or null: an entry made in Herd keeps an id of Herd's,
 * longer than any ListID, until a run makes it in QuickBooks; sent as a ListID, QuickBooks would
 * refuse the whole document.
 */
export const notYetInQbd = (ids: (string | null)[]): string | null =>
  ids.some((id) => (id?.length ?? 0) > LIST_ID_MAX)
    ? 'A line names a vendor, customer, class or category that is not in QuickBooks Desktop yet (it is made there at a Web Connector run; see why it was not). Choose another, or make it in QuickBooks, then publish again.'
    : null;

/** The Name of VendorAdd, CustomerAdd and AccountAdd. */
export const ADD_NAME_MAX = { Vendor: 41, Customer: 41, Account: 31 } as const;

/** JournalEntryAdd's RefNumber (the journal's number in QuickBooks). */
export const JOURNAL_REF_NUMBER_MAX = 11;

/**
 * A journal's memo, on its header and on each line. The schema bounds a journal line's Memo at 4095
 * and leaves the header's without a length (plain STRTYPE); Herd holds both to the line's bound.
 */
export const JOURNAL_MEMO_MAX = 4095;
