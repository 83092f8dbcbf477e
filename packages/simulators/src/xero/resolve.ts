import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject, type JsonValue, type XeroRecord } from './types.js';

/** Lookups of the records a transaction refers to, by id or by the human key Xero also accepts. */
const str = (value: JsonValue | undefined): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function findAccount(store: OrgStore, ref: { AccountID?: JsonValue; AccountCode?: JsonValue; Code?: JsonValue }): XeroRecord | undefined {
  const id = str(ref.AccountID);
  if (id) return store.get('Accounts', id);
  const code = str(ref.AccountCode) ?? str(ref.Code);
  if (!code) return undefined;
  return store.list('Accounts').find((account) => account.fields.Code === code);
}

export function findTaxRate(store: OrgStore, taxType: string): XeroRecord | undefined {
  return store.get('TaxRates', taxType);
}

/** A tax rate's percentage, from `EffectiveRate`. */
export function ratePercent(rate: XeroRecord | undefined): number {
  const value = rate?.fields.EffectiveRate;
  return typeof value === 'number' ? value : 0;
}

export function findContact(store: OrgStore, ref: JsonValue | undefined): { record?: XeroRecord; name?: string; id?: string } {
  if (!isJsonObject(ref)) return {};
  const id = str(ref.ContactID);
  if (id) return { record: store.get('Contacts', id), id };
  const name = str(ref.Name);
  if (!name) return {};
  const record = store.list('Contacts').find((contact) => String(contact.fields.Name).toLowerCase() === name.toLowerCase());
  return { record, name };
}

export interface TrackingMatch {
  entry?: JsonObject;
  error?: string;
}

/** One `Tracking` entry: the category by id or Name, the option by id or Option (name); both must be active. */
export function resolveTracking(store: OrgStore, entry: JsonValue): TrackingMatch {
  if (!isJsonObject(entry)) return { error: 'A Tracking entry must be an object' };
  const categoryId = str(entry.TrackingCategoryID);
  const categoryName = str(entry.Name);
  const category = categoryId
    ? store.get('TrackingCategories', categoryId)
    : store.list('TrackingCategories').find((row) => String(row.fields.Name).toLowerCase() === categoryName?.toLowerCase());
  if (!category || category.fields.Status !== 'ACTIVE') return { error: `Tracking category '${categoryId ?? categoryName ?? ''}' does not exist or is not active` };
  const options = Array.isArray(category.fields.Options) ? category.fields.Options.filter(isJsonObject) : [];
  const optionId = str(entry.TrackingOptionID);
  const optionName = str(entry.Option);
  const option = options.find((row) =>
    optionId ? String(row.TrackingOptionID).toLowerCase() === optionId.toLowerCase() : String(row.Name).toLowerCase() === optionName?.toLowerCase(),
  );
  if (!option || option.Status !== 'ACTIVE') {
    return { error: `The TrackingOption '${optionId ?? optionName ?? ''}' does not exist for the tracking category '${String(category.fields.Name)}'` };
  }
  return {
    entry: { TrackingCategoryID: category.id, TrackingOptionID: String(option.TrackingOptionID), Name: String(category.fields.Name), Option: String(option.Name) },
  };
}
