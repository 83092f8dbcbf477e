import { CLIENT_EDITABLE_FIELD_LABELS, messages, type ClientEditableField, type LineInput, type RefKind } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';
import { centsOf, fromCents } from '@herd/contract';
import type { LineRow, TransactionRow } from './transactions.queries.js';
import { isClientCategoryType } from '../refs/refs.face.js';

const CLIENT_CATEGORY_REFUSED = 'Choose an income or expense category; your accountant handles bank, card, loan and equity accounts.';

type RefField = 'vendor' | 'customer' | 'class' | 'location' | 'tax' | 'tracking_option_one' | 'tracking_option_two';
const REF_FIELDS: Record<RefField, { kind: RefKind; column: keyof LineRow; label: string }> = {
  vendor: { kind: 'VENDOR', column: 'vendorId', label: 'Vendor' },
  customer: { kind: 'CUSTOMER', column: 'customerId', label: 'Customer' },
  class: { kind: 'CLASS', column: 'classId', label: 'Class' },
  location: { kind: 'LOCATION', column: 'locationId', label: 'Location' },
  tax: { kind: 'TAX', column: 'taxId', label: 'Tax' },
  tracking_option_one: { kind: 'TRACKING_OPTION', column: 'trackingOptionOneId', label: CLIENT_EDITABLE_FIELD_LABELS.tracking_option_one },
  tracking_option_two: { kind: 'TRACKING_OPTION', column: 'trackingOptionTwoId', label: CLIENT_EDITABLE_FIELD_LABELS.tracking_option_two },
};

export type NewLine = Omit<LineRow, 'pk' | 'transactionId' | 'position'>;

/** Field errors for one transaction of a bulk body are keyed `transactions.<i>.…`. */
export class FieldErrors {
  readonly fields: Record<string, string[]> = {};
  constructor(private readonly prefix: string) {}
  add(field: string, message: string) {
    (this.fields[`${this.prefix}${field}`] ??= []).push(message);
  }
  get empty() {
    return Object.keys(this.fields).length === 0;
  }
}

/** The company's categories and references an edit names, by pk: what its lines are checked against. */
export interface KnownRefs {
  accounts: ReadonlyMap<number, string>;
  refs: ReadonlyMap<number, RefKind>;
}

/** The categories and references some lines name, by pk (what `loadEditContext` looks up for `resolveLines`). */
export const namedRefs = (lines: LineInput[]) => ({
  accountPks: [...new Set(lines.map((l) => l.category).filter((v): v is number => typeof v === 'number'))],
  refPks: [...new Set(lines.flatMap((l) => Object.keys(REF_FIELDS).map((f) => l[f as RefField])).filter((v): v is number => typeof v === 'number'))],
});

/**
 * The lines as stored, from the request's lines: checks references, amounts and what a client may change.
 * `known`: the company's categories and references among those the lines name (any other pk is not valid).
 */
export const resolveLines = (
  known: KnownRefs,
  tx: TransactionRow,
  input: LineInput[],
  current: LineRow[],
  errors: FieldErrors,
  editable: readonly ClientEditableField[] | 'all',
): NewLine[] => {
  const may = (field: ClientEditableField) => editable === 'all' || editable.includes(field);
  const total = centsOf(tx.amount);
  const sum = input.reduce((acc, l) => acc + centsOf(l.amount), 0);
  if (sum !== total) errors.add('lines', `The lines add up to ${fromCents(sum)} but the transaction is ${tx.amount}.`);
  input.forEach((l, i) => {
    if (centsOf(l.amount) === 0) errors.add(`lines.${i}.amount`, 'Amount must not be zero.');
  });
  if (!may('split') && input.length !== Math.max(1, current.length)) errors.add('lines', 'This client may not split transactions.');
  const knownAccounts = known.accounts;
  const knownRefs = known.refs;

  return input.map((l, i) => {
    const before = current.find((c) => c.pk === l.pk);
    const keep = <K extends keyof LineRow>(column: K): LineRow[K] | null => (before ? before[column] : null);
    /** A field the client may not set keeps its stored value; trying to change it is an error. */
    const pick = <T>(field: ClientEditableField, label: string, given: T | null | undefined, stored: T | null): T | null => {
      const value = given === undefined ? stored : given;
      if (!may(field) && value !== stored) errors.add(`lines.${i}.${field}`, `${label} cannot be changed by the client for this company.`);
      return may(field) ? value : stored;
    };
    const category = pick('category', 'Category', l.category, keep('categoryId'));
    if (category !== null && category !== keep('categoryId')) {
      const accountType = knownAccounts.get(category);
      if (accountType === undefined) errors.add(`lines.${i}.category`, messages.notValid('Category'));
      // A client chooses among income and expense categories; a balance-sheet account the accountant set stays as it is.
      else if (editable !== 'all' && !isClientCategoryType(accountType)) errors.add(`lines.${i}.category`, CLIENT_CATEGORY_REFUSED);
    }
    const refValue = (field: RefField) => {
      const spec = REF_FIELDS[field];
      const value = pick(field, spec.label, l[field], keep(spec.column) as number | null);
      if (value !== null && knownRefs.get(value) !== spec.kind) errors.add(`lines.${i}.${field}`, messages.notValid(spec.label));
      return value;
    };
    return {
      amount: fromCents(centsOf(l.amount)),
      description: l.description ?? keep('description') ?? '',
      categoryId: category,
      vendorId: refValue('vendor'),
      customerId: refValue('customer'),
      classId: refValue('class'),
      locationId: refValue('location'),
      taxId: refValue('tax'),
      trackingOptionOneId: refValue('tracking_option_one'),
      trackingOptionTwoId: refValue('tracking_option_two'),
      billable: pick('billable', 'Billable', l.billable, keep('billable')),
    };
  });
};

export const throwIfAny = (errors: FieldErrors[]): void => {
  const fields = Object.assign({}, ...errors.map((e) => e.fields)) as Record<string, string[]>;
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
};
