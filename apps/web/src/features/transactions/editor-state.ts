import { readTypedAmount, type ClientEditableField, type Direction, type LineInput, type Transaction, type TransactionChange } from '@herd/contract';
import { placeServerErrors } from '../../lib/form-errors';
import type { LedgerFields } from './ledger-fields';

type Line = Transaction['lines'][number];
export type RefField = 'category' | 'vendor' | 'customer' | 'class' | 'location' | 'tax' | 'tracking_option_one' | 'tracking_option_two';

export interface EditLine extends Omit<Line, 'pk'> {
  /** Stable React key; new split lines have no pk yet. */
  key: string;
  pk?: number;
}

/** Which fields the editor shows: the company's choice for a client, everything for the accountant. */
export type Editable = readonly ClientEditableField[] | 'all';
export const may = (editable: Editable, field: ClientEditableField) => editable === 'all' || editable.includes(field);

let counter = 0;
const newKey = () => `new-${(counter += 1)}`;

export const toEditLines = (transaction: Transaction): EditLine[] => transaction.lines.map((line) => ({ ...line, key: `line-${line.pk}` }));

export const blankLine = (amount: string): EditLine => ({
  key: newKey(),
  amount,
  description: '',
  category: null,
  vendor: null,
  customer: null,
  class: null,
  location: null,
  tax: null,
  tracking_option_one: null,
  tracking_option_two: null,
  billable: null,
});

const REF_FIELDS: RefField[] = ['category', 'vendor', 'customer', 'class', 'location', 'tax', 'tracking_option_one', 'tracking_option_two'];

/** A line's amount as the API takes it: "$1,234.50" typed or pasted is sent as "1234.50"; what is not an amount goes as typed. */
const wireAmount = (typed: string): string => {
  const reading = readTypedAmount(typed);
  return reading.ok ? reading.amount : typed.trim();
};

/** Only the fields this person may set are sent: the server keeps the others as stored. */
export const toLineInput = (line: EditLine, editable: Editable): LineInput => {
  const input: LineInput = { amount: wireAmount(line.amount), description: line.description };
  if (line.pk !== undefined) input.pk = line.pk;
  for (const field of REF_FIELDS) if (may(editable, field)) input[field] = line[field]?.pk ?? null;
  if (may(editable, 'billable')) input.billable = line.billable;
  return input;
};

export const toChange = (transaction: Transaction, lines: EditLine[], memo: string, editable: Editable, finished: boolean): TransactionChange => ({
  pk: transaction.pk,
  lines: lines.map((line) => toLineInput(line, editable)),
  ...(may(editable, 'memo') ? { client_memo: memo } : {}),
  ...(finished ? { finished: true as const } : {}),
});

/** The editable content, to tell edits from what the server holds (a draft's `base`). */
export const snapshotOf = (lines: EditLine[], memo: string): string => JSON.stringify({ lines: lines.map((line) => toLineInput(line, 'all')), memo });

export const serverSnapshot = (transaction: Transaction): string => snapshotOf(toEditLines(transaction), transaction.client_memo);

/** What the editor shows of a transaction, to know which of the server's field errors can sit on a field. */
export interface ShownFields {
  editable: Editable;
  direction: Direction;
  /** What the company's ledger has (no class or location in Xero; tracking categories where it has them). */
  fields: LedgerFields;
  split: boolean;
}

const LINE_KEY = /^lines\.\d+\.(\w+)$/;

/** Whether the editor has a field for an error key ("lines.1.category", "client_memo", "attachments", "lines"). */
export const isShown = ({ editable, direction, fields, split }: ShownFields, key: string): boolean => {
  if (key === 'lines') return true;
  if (key === 'client_memo') return may(editable, 'memo');
  if (key === 'attachments') return may(editable, 'attachments');
  const field = LINE_KEY.exec(key)?.[1];
  if (field === 'amount') return split;
  if (field === 'vendor') return direction === 'COSTS' && may(editable, 'vendor');
  if (field === 'customer') return direction !== 'COSTS' && may(editable, 'customer');
  if (field === 'tracking_option_one') return fields.tracking[0] !== null && may(editable, field);
  if (field === 'tracking_option_two') return fields.tracking[1] !== null && may(editable, field);
  if (field === 'category' || field === 'class' || field === 'location' || field === 'tax' || field === 'billable') return fields.has(field) && may(editable, field);
  return false;
};

/**
 * The server's errors for one transaction of a bulk write, keyed as the editor
 * shows them ("lines.1.category", "lines", "client_memo"). Everything the
 * editor has no field for (a status refusal, a field this person cannot see,
 * the `detail`) is under "form", so no refusal goes unsaid.
 */
export const editorErrors = (error: unknown, index: number, shown: (key: string) => boolean): Record<string, string> => {
  const prefix = `transactions.${index}.`;
  const { fields, rest } = placeServerErrors(error, (key) => {
    const local = key.startsWith(prefix) ? key.slice(prefix.length) : null;
    return local !== null && shown(local) ? local : null;
  });
  const out: Record<string, string> = Object.fromEntries([...fields].map(([key, messages]) => [key, [...new Set(messages)].join(' ')]));
  if (rest) out.form = rest;
  return out;
};
