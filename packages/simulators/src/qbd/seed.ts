import { Prng } from '../qbo/prng.js';
import type { QbdCompany } from './company-store.js';
import { DAY_MS } from './qbd-time.js';
import { seedReferenceLists, type SeedRefs } from './seed-reference.js';
import { seedTransactions } from './seed-transactions.js';

export interface SeedQbdCompanyOptions {
  /** Seeds the PRNG (default: the company's name), so the same options give the same company. */
  seed?: string;
  /** How many transactions (default 60). */
  transactions?: number;
  /** Share of them with a line on an uncategorized account or Ask My Accountant (default 0.4). */
  watchedShare?: number;
  /** How many of them have such a line; overrides watchedShare (a bench asks for 5,000 of 20,000). */
  watchedTransactions?: number;
}

export const DEFAULT_QBD_TRANSACTIONS = 60;
const HOUR_MS = 3_600_000;

/** Fills a company with its lists, set up four months before the first transaction, then transactions. */
export function seedQbdCompany(company: QbdCompany, options: SeedQbdCompanyOptions = {}): SeedRefs {
  const rng = new Prng(options.seed ?? company.name);
  // Anchored to the hour, so two companies seeded a few milliseconds apart are identical.
  const now = Math.floor(company.now() / HOUR_MS) * HOUR_MS;
  const refs = seedReferenceLists(company, now - 485 * DAY_MS);
  const count = Math.max(0, options.transactions ?? DEFAULT_QBD_TRANSACTIONS);
  const share = Math.min(1, Math.max(0, options.watchedShare ?? 0.4));
  const watched = Math.min(count, Math.max(0, options.watchedTransactions ?? Math.floor(count * share)));
  seedTransactions(company, refs, rng, { count, watched, now });
  return refs;
}
