import { statusLabel, type Transaction } from '@herd/contract';
import { isApiError } from '../../lib/api-errors';
import { formatMoney } from './money';

/** The transactions as they are now, when a save was refused because someone else saved first (409). */
export const staleCurrent = (error: unknown): Transaction[] | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as { current?: unknown } | null;
  return Array.isArray(body?.current) ? (body.current as Transaction[]) : null;
};

type Line = Transaction['lines'][number];
const REFS = [
  ['category', 'Category'],
  ['vendor', 'Vendor'],
  ['customer', 'Customer'],
  ['class', 'Class'],
  ['location', 'Location'],
  ['tax', 'Tax'],
  ['tracking_option_one', 'Tracking'],
  ['tracking_option_two', 'Tracking'],
] as const;

const nameOf = (ref: Line[keyof Line]) => (ref && typeof ref === 'object' ? ref.name : '') || 'none';
const quoted = (text: string) => (text ? `“${text}”` : 'empty');

/** One sentence per line field that differs ("Category: Meals → Travel"), prefixed with the line's number on a split. */
const lineChanges = (before: Line, after: Line, prefix: string): string[] => {
  const changes: string[] = [];
  if (before.amount !== after.amount) changes.push(`${prefix}Amount: ${formatMoney(before.amount)} → ${formatMoney(after.amount)}`);
  for (const [field, label] of REFS) {
    if ((before[field]?.pk ?? null) !== (after[field]?.pk ?? null)) changes.push(`${prefix}${label}: ${nameOf(before[field])} → ${nameOf(after[field])}`);
  }
  if (before.description !== after.description) changes.push(`${prefix}Description: ${quoted(before.description)} → ${quoted(after.description)}`);
  return changes;
};

/**
 * What someone else's save changed, in the words of the editor's fields: what the person opened
 * (`before`) against what the server holds now (`after`). Empty when only what the editor does not
 * show moved (the list then simply refreshes).
 */
export const whatChanged = (before: Transaction, after: Transaction): string[] => {
  const changes: string[] = [];
  if (before.status !== after.status) changes.push(`Status: ${statusLabel(before.status)} → ${statusLabel(after.status)}`);
  if (before.lines.length !== after.lines.length) {
    const lines = after.lines.map((line) => `${formatMoney(line.amount)} ${line.category ? line.category.name : 'with no category'}`).join('; ');
    changes.push(after.lines.length > 1 ? `Split into ${after.lines.length} lines: ${lines}` : `No longer split: ${lines}`);
  } else {
    before.lines.forEach((line, i) => changes.push(...lineChanges(line, after.lines[i]!, before.lines.length > 1 ? `Line ${i + 1} ` : '')));
  }
  if (before.client_memo !== after.client_memo) changes.push(`Memo: ${quoted(before.client_memo)} → ${quoted(after.client_memo)}`);
  if (before.is_hidden !== after.is_hidden) changes.push(after.is_hidden ? 'Hidden by the accountant' : 'No longer hidden');
  return changes;
};
