import type { ClientEditableField, LineInput, Transaction, TransactionChange } from '@herd/contract';
import { normaliseError } from '../../lib/api-errors';

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

/** Only the fields this person may set are sent: the server keeps the others as stored. */
export const toLineInput = (line: EditLine, editable: Editable): LineInput => {
  const input: LineInput = { amount: line.amount.trim(), description: line.description };
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

/**
 * The server's errors for one transaction of a bulk write, keyed as the editor
 * shows them: "lines.1.category", "lines", "client_memo"; anything else under "form".
 */
export const editorErrors = (error: unknown, index = 0): Record<string, string> => {
  const apiError = normaliseError(error);
  const prefix = `transactions.${index}.`;
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(apiError.fields)) {
    const local = key.startsWith(prefix) ? key.slice(prefix.length) : key === 'transactions' ? 'form' : key;
    out[local] = [out[local], ...messages].filter(Boolean).join(' ');
  }
  if (apiError.detail) out.form = apiError.detail;
  if (Object.keys(out).length === 0) out.form = apiError.message;
  return out;
};
