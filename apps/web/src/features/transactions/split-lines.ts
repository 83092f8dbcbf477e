import { fromCents } from '@herd/contract';
import { blankLine, type EditLine } from './editor-state';
import { remainingCents } from './money';

/**
 * Splitting a transaction: a new line starts with what is left of the amount, and keeps following
 * what is left while the person changes the other lines' amounts, until they type its own amount.
 * Split an 18.50 coffee, type 10 on the first line, and the second says 8.50 without more typing;
 * the lines add up unless the person decides otherwise.
 */

/** What is left of `total` after `amounts`, as a line amount; blank when nothing (or nothing readable) is left. */
const remainderAmount = (total: string, amounts: readonly string[]): string => {
  const left = remainingCents(total, amounts);
  return left !== null && left !== 0 ? fromCents(left) : '';
};

/** The lines with a new one holding the remainder; `follower` is its key. */
export const addSplitLine = (total: string, lines: readonly EditLine[]): { lines: EditLine[]; follower: string } => {
  const line = blankLine(
    remainderAmount(
      total,
      lines.map((l) => l.amount),
    ),
  );
  return { lines: [...lines, line], follower: line.key };
};

/** The lines after `patch` to line `key`; another line's new amount moves the follower to what is left. */
export const patchSplitLine = (total: string, lines: readonly EditLine[], key: string, patch: Partial<EditLine>, follower: string | null): EditLine[] => {
  const next = lines.map((line) => (line.key === key ? { ...line, ...patch } : line));
  if (follower === null || key === follower || patch.amount === undefined) return next;
  const amount = remainderAmount(
    total,
    next.filter((line) => line.key !== follower).map((line) => line.amount),
  );
  return next.map((line) => (line.key === follower ? { ...line, amount } : line));
};

/** Whether the follower stops following: the person typed its own amount, or removed it. */
export const stopsFollowing = (key: string, patch: Partial<EditLine> | null, follower: string | null): boolean =>
  follower === key && (patch === null || patch.amount !== undefined);
