/**
 * When the sync schedule pulls a connected company: the time arithmetic only, with no database, so
 * the sweep, the pull's outcome and the tests share one definition (docs/quickbooks.md, "The sync schedule").
 *
 * Each company has a fixed place (its phase) inside the interval, drawn from its pk, and is pulled at
 * its phase plus whole intervals. A thousand companies connected in the same minute therefore still
 * pull spread across the interval, and stay spread after any number of manual or webhook pulls.
 */

/**
 * The golden ratio's fractional part. Multiples of it modulo 1 fill the unit interval as evenly as any
 * sequence can (no two of the first n closer than about 1/(3n)): consecutive pks, as a firm's companies
 * usually are, land evenly apart, and any other set of pks spreads like random draws.
 */
const GOLDEN_FRACTION = 0.6180339887498949;

/** Where in each interval this company's pulls fall, in milliseconds from the interval's start. */
export const phaseOf = (companyPk: number, intervalMs: number): number => Math.floor(((companyPk * GOLDEN_FRACTION) % 1) * intervalMs);

/** The company's first slot strictly after `after`: its phase plus a whole number of intervals since the epoch. */
export const slotAfter = (companyPk: number, after: Date, intervalMs: number): Date => {
  const phase = phaseOf(companyPk, intervalMs);
  const intervals = Math.floor((after.getTime() - phase) / intervalMs) + 1;
  return new Date(intervals * intervalMs + phase);
};

/**
 * After a pull that finished: the company's next slot at least half an interval away. A pull that ran
 * shortly before its slot (a webhook's, "Sync now") makes the slot's pull pointless, so it is skipped;
 * a scheduled pull at its slot is followed by the next slot, one interval on.
 */
export const nextRunAfterSuccess = (companyPk: number, now: Date, intervalMs: number): Date => slotAfter(companyPk, new Date(now.getTime() + intervalMs / 2), intervalMs);

/** The longest a failing company waits for its next scheduled try (or one interval, when that is longer). */
export const MAX_BACKOFF_MS = 24 * 3_600_000;

/**
 * After the `failures`-th failed pull in a row: one interval, doubled for each failure before it, at
 * most a day. Each failed try of the job counts, pg-boss's own retries of it too.
 */
export const backoffMs = (failures: number, intervalMs: number): number => Math.min(intervalMs * 2 ** Math.max(0, failures - 1), Math.max(MAX_BACKOFF_MS, intervalMs));

export const nextRunAfterFailure = (failures: number, now: Date, intervalMs: number): Date => new Date(now.getTime() + backoffMs(failures, intervalMs));

/**
 * A grant whose refresh token expires within this many intervals is pulled at the next sweep, even off
 * its slot or while backed off: the pull refreshes the tokens, and a lapsed refresh token costs the firm
 * a reconnect. Two intervals leave a whole interval's room for a try that fails.
 */
export const GRANT_RENEWAL_INTERVALS = 2;
