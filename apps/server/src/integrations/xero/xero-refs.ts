import type { LedgerAccountRecord, LedgerRefRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { text, type XeroObject } from './xero-values.js';

/** Xero's reference lists, in the order a pull reads them (categories bring their options). */
export const XERO_REF_LISTS = ['Accounts', 'Contacts', 'TrackingCategories', 'TaxRates', 'Items'] as const;
export type XeroRefList = (typeof XERO_REF_LISTS)[number];

const active = (status: unknown) => text(status) === '' || text(status) === 'ACTIVE';

const account = (row: XeroObject): LedgerAccountRecord => ({
  externalId: text(row.AccountID),
  // The name alone: the defaults of the watched accounts go by it ("Suspense"); the code stays in `raw`.
  name: text(row.Name),
  accountType: text(row.Type),
  accountSubtype: text(row.BankAccountType) || null,
  isPaymentAccount: text(row.Type) === 'BANK',
  // Xero's chart is flat: it has no sub-accounts.
  parentExternalId: null,
  active: active(row.Status),
  raw: row,
});

/** A contact is one list in Xero and two in Herd: suppliers are vendors, customers customers; one that is neither yet is offered as both. */
const contactRefs = (row: XeroObject): LedgerRefRecord[] => {
  const supplier = row.IsSupplier === true;
  const customer = row.IsCustomer === true;
  const base = { externalId: text(row.ContactID), name: text(row.Name), active: active(row.ContactStatus), raw: row };
  return [...(supplier || !customer ? [{ kind: 'VENDOR' as const, ...base }] : []), ...(customer || !supplier ? [{ kind: 'CUSTOMER' as const, ...base }] : [])];
};

const trackingRefs = (row: XeroObject): LedgerRefRecord[] => [
  { kind: 'TRACKING_CATEGORY', externalId: text(row.TrackingCategoryID), name: text(row.Name), active: active(row.Status), raw: row },
  ...((row.Options as XeroObject[] | undefined) ?? []).map((option) => ({
    kind: 'TRACKING_OPTION' as const,
    externalId: text(option.TrackingOptionID),
    name: text(option.Name),
    active: active(option.Status),
    raw: option,
    parentExternalId: text(row.TrackingCategoryID),
  })),
];

/** One page of a Xero list as the port's records (tax rates are known by their TaxType, the code a line names). */
export const xeroReferencePage = (list: XeroRefList, rows: XeroObject[]): { accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[] } => {
  const live = rows.filter((row) => text(row.Status) !== 'DELETED');
  switch (list) {
    case 'Accounts':
      return { accounts: live.map(account), refs: [] };
    case 'Contacts':
      return { accounts: [], refs: live.flatMap(contactRefs) };
    case 'TrackingCategories':
      return { accounts: [], refs: live.flatMap(trackingRefs) };
    case 'TaxRates':
      return {
        accounts: [],
        refs: live.map((row) => ({ kind: 'TAX' as const, externalId: text(row.TaxType), name: text(row.Name), active: active(row.Status), raw: row })),
      };
    case 'Items':
      return {
        accounts: [],
        refs: live.map((row) => ({ kind: 'ITEM' as const, externalId: text(row.ItemID), name: text(row.Name) || text(row.Code), active: true, raw: row })),
      };
  }
};
