import { CLIENT_EDITABLE_FIELD_LABELS, CLIENT_EDITABLE_FIELDS, type ClientEditableField, type LedgerField } from '@herd/contract';
import type { LedgerLineField } from '../ledger/ledger.face.js';

const EVERY_LINE_FIELD: readonly LedgerLineField[] = ['class', 'location', 'billable', 'tracking'];

/** Which of the ledger's own line fields each field of a categorization is; the others every ledger has. */
const LEDGER_FIELD: Partial<Record<ClientEditableField, LedgerLineField>> = {
  class: 'class',
  location: 'location',
  billable: 'billable',
  tracking_option_one: 'tracking',
  tracking_option_two: 'tracking',
};

/**
 * The fields of a categorization a company's ledger has, in the usual order, named as the ledger
 * names them: a ledger without classes or locations (Xero) is never offered them, and a tracking
 * field is offered only for a tracking category the company has, under that category's own name
 * ("Region", not "Tracking category 1"), so nothing of one ledger is relabelled as another's.
 * `lineFields`: the adapter's (every one when it says none); `tracking`: the company's first two
 * active tracking categories, in order.
 */
export const ledgerFieldsOf = (lineFields: readonly LedgerLineField[] | undefined, tracking: { pk: number; name: string }[]): LedgerField[] => {
  const has = new Set(lineFields ?? EVERY_LINE_FIELD);
  return CLIENT_EDITABLE_FIELDS.flatMap((field): LedgerField[] => {
    const own = LEDGER_FIELD[field];
    if (own && !has.has(own)) return [];
    if (own !== 'tracking') return [{ field, label: CLIENT_EDITABLE_FIELD_LABELS[field], tracking_category: null }];
    const category = tracking[field === 'tracking_option_one' ? 0 : 1];
    return category ? [{ field, label: category.name, tracking_category: category.pk }] : [];
  });
};
