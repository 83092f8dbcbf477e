import type { ChangedField } from '@herd/contract';
import type { LineRow } from './transactions.queries.js';
import type { NewLine } from './lines.rule.js';

type LineValues = Omit<LineRow, 'pk' | 'transactionId' | 'position'>;

/** Which line column each changed field names; several columns can be one field (tracking). */
const LINE_FIELDS: [ChangedField, (line: LineValues) => unknown][] = [
  ['category', (l) => l.categoryId],
  ['vendor', (l) => l.vendorId],
  ['customer', (l) => l.customerId],
  ['class', (l) => l.classId],
  ['location', (l) => l.locationId],
  ['tax', (l) => l.taxId],
  ['tracking', (l) => `${l.trackingOptionOneId}/${l.trackingOptionTwoId}`],
  ['billable', (l) => l.billable],
  ['description', (l) => l.description],
];

/** A line with nothing set: what a transaction that never had a line is compared with. */
export const BLANK_LINE = {
  description: '',
  categoryId: null,
  vendorId: null,
  customerId: null,
  classId: null,
  locationId: null,
  taxId: null,
  trackingOptionOneId: null,
  trackingOptionTwoId: null,
  billable: null,
} satisfies Partial<LineValues>;

const sameAmount = (a: string, b: string) => Number(a) === Number(b);

/**
 * What a save changed, for the history: each line field that differs from what was stored (a
 * new or removed line of a split, or a changed split amount, is "split"), and the memo. Saving
 * the same answer again changes nothing.
 */
export const changedFields = (
  storedLines: readonly LineValues[],
  lines: readonly NewLine[] | null,
  memo: { before: string; after: string | undefined },
): ChangedField[] => {
  const changed = new Set<ChangedField>();
  // A transaction that never had a line is compared with one blank line of its whole amount.
  const stored =
    storedLines.length > 0 || !lines?.[0] ? storedLines : [{ ...lines[0], ...BLANK_LINE, amount: lines.reduce((sum, l) => sum + Number(l.amount), 0).toFixed(2) }];
  if (lines) {
    if (lines.length !== stored.length || lines.some((line, i) => !sameAmount(line.amount, stored[i]!.amount))) changed.add('split');
    for (const [field, valueOf] of LINE_FIELDS) {
      // Lines added or removed are the split's change; fields are compared on the lines kept.
      if (lines.some((line, i) => stored[i] !== undefined && valueOf(line) !== valueOf(stored[i]))) changed.add(field);
    }
  }
  if (memo.after !== undefined && memo.after !== memo.before) changed.add('memo');
  return [...changed];
};
