import type { LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';

/** What mapping QuickBooks Desktop's transactions needs of the company's chart, by ListID. */
export interface QbdLookups {
  isWatched(accountId: string | null): boolean;
  isCategory(accountId: string | null): boolean;
}

/** Herd decides which accounts are watched (the module's references); the adapter only reads it. */
export const qbdLookups = (references: LedgerReferences): QbdLookups => {
  const watched = new Set(references.accounts.filter((a) => a.watched).map((a) => a.externalId));
  const categories = new Set(references.accounts.filter((a) => a.category).map((a) => a.externalId));
  return {
    isWatched: (accountId) => accountId !== null && watched.has(accountId),
    isCategory: (accountId) => accountId !== null && categories.has(accountId),
  };
};
