import { fromCents, parseCents, readTypedAmount } from '@herd/contract';
import { blankLine, type EditLine } from './editor-state';
import { remainingCents } from './money';

/**
 * Splitting a transaction: a new line starts with what is left of the amount, and keeps following
 * what is left while the person changes or removes the other lines, until they type its own amount.
 * Split an 18.50 coffee, type 10 on the first line, and the second says 8.50 without more typing;
 * the lines add up unless the person decides otherwise. Amounts are read as people paste them
 * ("$10.00"), in the transaction's currency.
 */

/** What is split: the transaction's amount and currency. */
export interface SplitTotal {
  amount: string;
  currency: string;
}

/**
 * What is left of the total after `amounts`, as a line amount. Blank when nothing (or nothing readable)
 * is left, and when the lines already come to more than the total: a remainder against the
 * transaction's own sign is never proposed, the person decides what such a line is.
 */
const remainderAmount = (total: SplitTotal, amounts: readonly string[]): string => {
  const left = remainingCents(total.amount, amounts, total.currency);
  const sign = Math.sign(parseCents(total.amount) ?? 0);
  return left !== null && left !== 0 && Math.sign(left) === sign ? fromCents(left) : '';
};

/** The follower's amount brought to what the other lines leave. */
const follow = (total: SplitTotal, lines: EditLine[], follower: string | null): EditLine[] => {
  if (follower === null || !lines.some((line) => line.key === follower)) return lines;
  const amount = remainderAmount(
    total,
    lines.filter((line) => line.key !== follower).map((line) => line.amount),
  );
  return lines.map((line) => (line.key === follower ? { ...line, amount } : line));
};

/** The lines with a new one holding the remainder; `follower` is its key. */
export const addSplitLine = (total: SplitTotal, lines: readonly EditLine[]): { lines: EditLine[]; follower: string } => {
  const line = blankLine(
    remainderAmount(
      total,
      lines.map((l) => l.amount),
    ),
  );
  return { lines: [...lines, line], follower: line.key };
};

/** The lines after `patch` to line `key`; another line's new amount moves the follower to what is left. */
export const patchSplitLine = (total: SplitTotal, lines: readonly EditLine[], key: string, patch: Partial<EditLine>, follower: string | null): EditLine[] => {
  const next = lines.map((line) => (line.key === key ? { ...line, ...patch } : line));
  if (key === follower || patch.amount === undefined) return next;
  return follow(total, next, follower);
};

/**
 * The lines without line `key`; what it held goes to the follower, when there is one left. A line left
 * alone holds the whole amount: it is the only answer that adds up, and a single line has no amount field.
 */
export const removeSplitLine = (total: SplitTotal, lines: readonly EditLine[], key: string, follower: string | null): EditLine[] => {
  const rest = lines.filter((line) => line.key !== key);
  if (rest.length === 1) return rest.map((line) => ({ ...line, amount: total.amount }));
  return follow(total, rest, follower === key ? null : follower);
};

/** Whether the follower stops following: the person typed its own amount, or removed it. */
export const stopsFollowing = (key: string, patch: Partial<EditLine> | null, follower: string | null): boolean =>
  follower === key && (patch === null || patch.amount !== undefined);

/** What stops the lines from being saved as they are: the first line without an amount, or whose amount is not one. */
export const unreadLine = (lines: readonly EditLine[], currency: string): string | null => {
  for (const [index, line] of lines.entries()) {
    const reading = readTypedAmount(line.amount, { currency });
    if (reading.ok) continue;
    return reading.reason === 'empty' ? `Line ${index + 1} has no amount: enter one, or remove the line.` : `Line ${index + 1}: ${reading.message}`;
  }
  return null;
};
