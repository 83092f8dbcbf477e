import { Prng } from '../qbo/prng.js';
import { DAY_MS } from './dates.js';
import { seedReferenceLists } from './seed-reference.js';
import { seedTransactions } from './seed-transactions.js';
import type { OrgStore } from './store.js';

export interface SeedOrganisationOptions {
  /** Defaults to a GUID derived from the organisation's position. */
  tenantId?: string;
  /** Defaults to "Sandbox Organisation <n>". */
  name?: string;
  /** How many transactions to generate (default 60); a bank transfer counts as one. */
  transactions?: number;
  /** Share of them with a line on Suspense or Ask My Accountant (default 0.4). */
  watchedShare?: number;
  /** How many of them have such a line; overrides watchedShare (a bench asks for 5,000 of 20,000). */
  watchedTransactions?: number;
}

export const DEFAULT_TRANSACTIONS = 60;
export const DEFAULT_WATCHED_SHARE = 0.4;

/** A version-4-shaped GUID drawn from a PRNG, so seeded ids repeat run after run. */
export function guidFrom(rng: Prng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function defaultTenantId(index: number): string {
  return guidFrom(new Prng(`xero-tenant-${index + 1}`));
}

export function defaultOrgName(index: number): string {
  return `Sandbox Organisation ${index + 1}`;
}

/**
 * Fills an organisation with reference lists and transactions. Everything is drawn from a PRNG
 * seeded by the tenant id and dated relative to `now`, so the same options and clock give the
 * same data. Records go straight into the store without validation: 20,000 take about a second.
 */
export function seedOrganisation(store: OrgStore, options: SeedOrganisationOptions, now: number): void {
  const rng = new Prng(store.tenantId);
  // Reference lists predate every transaction, as in an organisation set up before its bank feed.
  const refs = seedReferenceLists(store, now - 120 * DAY_MS);
  const count = Math.max(0, options.transactions ?? DEFAULT_TRANSACTIONS);
  const share = Math.min(1, Math.max(0, options.watchedShare ?? DEFAULT_WATCHED_SHARE));
  const watched = Math.min(count, Math.max(0, options.watchedTransactions ?? Math.floor(count * share)));
  seedTransactions(store, refs, rng, { count, watched, now });
}
