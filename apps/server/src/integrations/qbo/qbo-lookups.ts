import type { LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import type { PublishContext } from './qbo-publish-map.js';

/** What mapping QuickBooks' rows needs of the company's chart and lists, by QuickBooks id. */
export interface Lookups extends PublishContext {
  /** Whether the account is one a categorization may name: active or not, an income or expense account (cost of goods sold included). */
  isCategoryAccount(externalId: string): boolean;
}

/** Built once per page or publish from what Herd knows of the company (an item's income account is in QuickBooks' own copy of it). */
export const qboLookups = (references: LedgerReferences): Lookups => {
  const itemIncomeAccount = new Map<string, string>();
  const itemForIncomeAccount = new Map<string, string>();
  for (const r of references.refs) {
    if (r.kind !== 'ITEM') continue;
    const income = (r.raw as { IncomeAccountRef?: { value?: unknown } } | null)?.IncomeAccountRef?.value;
    if (income === undefined || income === null) continue;
    itemIncomeAccount.set(r.externalId, String(income));
    if (r.active && !itemForIncomeAccount.has(String(income))) itemForIncomeAccount.set(String(income), r.externalId);
  }
  const categoryAccounts = new Set(references.accounts.filter((a) => a.category).map((a) => a.externalId));
  return {
    watched: new Set(references.accounts.filter((a) => a.watched).map((a) => a.externalId)),
    itemIncomeAccount,
    itemForIncomeAccount,
    isCategoryAccount: (externalId) => categoryAccounts.has(externalId),
  };
};
