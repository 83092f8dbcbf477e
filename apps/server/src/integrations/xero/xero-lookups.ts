import type { LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { text, type XeroObject } from './xero-values.js';

/** A tracking option as a line names it: its category, and both names, which Xero also accepts. */
export interface TrackingOption {
  categoryId: string;
  categoryName: string;
  optionName: string;
}

/**
 * What mapping Xero's objects needs of the company's chart and lists, by Xero's ids. Lines name
 * their account by code (and, in newer answers, by id); Herd keeps accounts by AccountID.
 */
export interface XeroLookups {
  /** The AccountID a line posts to, from its AccountID or its AccountCode. */
  accountOf(line: XeroObject): string | null;
  /** The code Herd writes back for an account (Xero's own way of naming it on a line); null when it has none. */
  codeOf(accountId: string): string | null;
  isWatched(accountId: string | null): boolean;
  isCategory(accountId: string): boolean;
  /** 0 for the organisation's first tracking category, 1 for its second; null for any other. */
  trackingPosition(categoryId: string): 0 | 1 | null;
  trackingOption(optionId: string): TrackingOption | null;
  /** Whether a tax type adds tax (its rate is above 0); an unknown one is taken to, to be safe. */
  addsTax(taxType: string): boolean;
  /** A tax type's rate in percent (Xero's EffectiveRate); null when Herd does not know it. */
  taxRate(taxType: string): number | null;
  /** The tax type Xero gives a line on this account when the line names none (the account's own TaxType); null when it has none. */
  defaultTaxOf(accountId: string): string | null;
}

export const xeroLookups = (references: LedgerReferences): XeroLookups => {
  const byCode = new Map<string, string>();
  const codeOf = new Map<string, string>();
  const defaultTax = new Map<string, string>();
  for (const account of references.accounts) {
    const taxType = text((account.raw as XeroObject | null)?.TaxType);
    if (taxType !== '') defaultTax.set(account.externalId, taxType);
    const code = text((account.raw as XeroObject | null)?.Code);
    if (code === '') continue;
    byCode.set(code, account.externalId);
    codeOf.set(account.externalId, code);
  }
  const watched = new Set(references.accounts.filter((a) => a.watched).map((a) => a.externalId));
  const categories = new Set(references.accounts.filter((a) => a.category).map((a) => a.externalId));
  // Herd lists categories in the order it first saw them, which is Xero's order: the first two active ones are "one" and "two".
  const trackingCategories = references.refs.filter((r) => r.kind === 'TRACKING_CATEGORY' && r.active);
  const position = new Map(trackingCategories.slice(0, 2).map((r, i) => [r.externalId, i as 0 | 1]));
  const options = new Map<string, TrackingOption>();
  for (const category of references.refs.filter((r) => r.kind === 'TRACKING_CATEGORY')) {
    const raw = (category.raw ?? {}) as XeroObject;
    for (const option of (raw.Options as XeroObject[] | undefined) ?? []) {
      options.set(text(option.TrackingOptionID), { categoryId: category.externalId, categoryName: text(raw.Name), optionName: text(option.Name) });
    }
  }
  const rates = new Map(references.refs.filter((r) => r.kind === 'TAX').map((r) => [r.externalId, Number(((r.raw ?? {}) as XeroObject).EffectiveRate ?? Number.NaN)]));
  const taxRate = (taxType: string) => {
    const rate = rates.get(taxType);
    return rate === undefined || Number.isNaN(rate) ? null : rate;
  };
  return {
    addsTax: (taxType) => (taxRate(taxType) ?? 1) > 0,
    taxRate,
    defaultTaxOf: (accountId) => defaultTax.get(accountId) ?? null,
    accountOf: (line) => text(line.AccountID) || byCode.get(text(line.AccountCode)) || null,
    codeOf: (accountId) => codeOf.get(accountId) ?? null,
    isWatched: (accountId) => accountId !== null && watched.has(accountId),
    isCategory: (accountId) => categories.has(accountId),
    trackingPosition: (categoryId) => position.get(categoryId) ?? null,
    trackingOption: (optionId) => options.get(optionId) ?? null,
  };
};
