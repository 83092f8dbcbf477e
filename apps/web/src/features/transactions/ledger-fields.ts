import { CLIENT_EDITABLE_FIELD_LABELS, type ClientEditableField, type LedgerField } from '@herd/contract';

/** Fields only some ledgers have: the others (category, contact, tax, memo…) every ledger has. */
const LEDGER_OWN: readonly ClientEditableField[] = ['class', 'location', 'billable', 'tracking_option_one', 'tracking_option_two'];

/** What the company's ledger has of a categorization, and what it calls each field. */
export interface LedgerFields {
  has(field: ClientEditableField): boolean;
  label(field: ClientEditableField): string;
  /** The tracking categories whose options tracking option one and two take (null where the ledger has none). */
  tracking: [number | null, number | null];
}

/**
 * The company's fields as the server says its ledger has them (`selects/{pk}/fields/list/`): a Xero
 * company has no class or location, and its tracking categories go by their names in Xero. Until
 * that answer is known (or when it cannot be had), every field is offered as before, the tracking
 * categories being the company's first two (`fallbackTracking`), under Herd's own words.
 */
export const ledgerFieldsFrom = (fields: LedgerField[] | undefined, fallbackTracking: [number | null, number | null]): LedgerFields => {
  if (!fields) {
    return {
      has: (field) => (field !== 'tracking_option_one' && field !== 'tracking_option_two' ? true : fallbackTracking[field === 'tracking_option_one' ? 0 : 1] !== null),
      label: (field) => CLIENT_EDITABLE_FIELD_LABELS[field],
      tracking: fallbackTracking,
    };
  }
  const byField = new Map(fields.map((f) => [f.field, f]));
  return {
    has: (field) => !LEDGER_OWN.includes(field) || byField.has(field),
    label: (field) => byField.get(field)?.label ?? CLIENT_EDITABLE_FIELD_LABELS[field],
    tracking: [byField.get('tracking_option_one')?.tracking_category ?? null, byField.get('tracking_option_two')?.tracking_category ?? null],
  };
};
