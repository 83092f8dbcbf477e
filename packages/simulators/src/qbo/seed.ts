import { DAY_MS } from './clock.js';
import { Prng } from './prng.js';
import { seedCompanySettings, seedReferenceLists } from './seed-reference.js';
import { seedTransactions } from './seed-transactions.js';
import type { CompanyStore } from './store.js';

export interface SeedCompanyOptions {
  /** Defaults to a 16-digit id derived from the company's position. */
  realmId?: string;
  /** Defaults to "Sandbox Company_US_<n>". */
  name?: string;
  /** How many transactions to generate (default 60). */
  transactions?: number;
  /** Share of them posted to a watched account (Uncategorized Expense/Income/Asset, Ask My Accountant); default 0.4. */
  watchedShare?: number;
}

export const DEFAULT_TRANSACTIONS = 60;
export const DEFAULT_WATCHED_SHARE = 0.4;

export function defaultRealmId(index: number): string {
  return `9341453${String(index + 1).padStart(9, '0')}`;
}

export function defaultCompanyName(index: number): string {
  return `Sandbox Company_US_${index + 1}`;
}

/**
 * Fills a company with reference lists and transactions. Everything is drawn from a PRNG seeded
 * by the realm id and dated relative to `now`, so the same options and clock give the same data.
 * Rows go straight into the in-memory maps: 20,000 transactions take well under a second.
 */
export function seedCompany(store: CompanyStore, options: SeedCompanyOptions, now: number): void {
  const rng = new Prng(store.realmId);
  // Reference lists predate every transaction, as in a company set up before its bank feed.
  const setUpAt = now - 120 * DAY_MS;
  seedCompanySettings(store, setUpAt);
  const refs = seedReferenceLists(store, setUpAt);
  seedTransactions(store, refs, rng, {
    count: options.transactions ?? DEFAULT_TRANSACTIONS,
    watchedShare: Math.min(1, Math.max(0, options.watchedShare ?? DEFAULT_WATCHED_SHARE)),
    now,
  });
}
