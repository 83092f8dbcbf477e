/**
 * Lengths qbXML 13.0 allows where Herd sends a name a person typed or an id it holds
 * (qbxml130.xsd, qbxmltypes130.xsd). QuickBooks refuses a whole document when one value is
 * longer, before any request in it runs, and the Web Connector run ends there; the same request
 * would end every later run too. So Herd refuses the one entry or transaction itself.
 */

/** IDTYPE: no ListID QuickBooks issues is longer (an entry still waiting to be made in QuickBooks has a longer id of Herd's). */
export const LIST_ID_MAX = 36;

/** The Name of VendorAdd, CustomerAdd and AccountAdd. */
export const ADD_NAME_MAX = { Vendor: 41, Customer: 41, Account: 31 } as const;
