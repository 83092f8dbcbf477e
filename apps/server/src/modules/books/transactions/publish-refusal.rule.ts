import type { TransactionStatus } from '@herd/contract';
import { dayInWords } from '../../../lib/calendar-days.js';

/** "1", "1 and 3", "1, 2 and 3": line numbers as a sentence names them. */
const numberList = (numbers: number[]) => (numbers.length === 1 ? `${numbers[0]}` : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`);

/**
 * Why the ledger cannot take this transaction's lines as they stand: a client may finish with a memo
 * or an attachment instead of categories, and no ledger takes a line without one. Null when every
 * line has a category. `lines` in their order; only whether each has a category matters.
 */
export const missingCategoryReason = (lines: readonly { hasCategory: boolean }[]): string | null => {
  const missing = lines.flatMap((line, i) => (line.hasCategory ? [] : [i + 1]));
  if (missing.length === 0) return null;
  return missing.length === 1 ? `Line ${missing[0]} needs a category.` : `Lines ${numberList(missing)} need a category.`;
};

/** Why Publish takes only categorized transactions, worded for the status this one is in. */
export const statusRefusal = (status: TransactionStatus): string | null => {
  if (status === 'FINISHED_IN_HERD') return null;
  return status === 'SYNC_ERROR' ? 'Clear the sync errors of this transaction before publishing it again.' : 'Only categorized transactions can be published.';
};

/**
 * Why the ledger would refuse a change to this transaction whatever its lines: it is dated in a period the ledger
 * has closed (its lock as the last pull read it). Publish posts such an answer as a correction in the open period
 * (publish-corrections.ts); this is what a ledger that cannot take one answers instead.
 */
export const closedPeriodRefusal = (date: string, closedThrough: string | null): string | null =>
  closedThrough !== null && date <= closedThrough
    ? `The ledger's books are closed through ${dayInWords(closedThrough)}, so it would refuse this change. Reopen the period in the ledger, or post the correction in an open period there.`
    : null;

/**
 * The one rule for what keeps a transaction from being published, used by Publish (which sends the
 * others and reports these) and by the accountant's lists (which mark such rows before anyone
 * presses Publish, from the lines the page has loaded anyway). Null when it can go to the ledger.
 */
export const publishRefusal = (status: TransactionStatus, lines: readonly { hasCategory: boolean }[]): string | null =>
  statusRefusal(status) ?? missingCategoryReason(lines);
