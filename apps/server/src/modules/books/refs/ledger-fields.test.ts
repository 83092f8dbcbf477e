import { describe, expect, it } from 'vitest';
import { ledgerFieldsOf } from './ledger-fields.rule.js';

const labels = (fields: ReturnType<typeof ledgerFieldsOf>) => fields.map((f) => f.label);

describe('the fields of a categorization, by ledger', () => {
  it('are every field for a ledger that names none of its own (QuickBooks, the lists Herd holds), tracking only where the company has categories', () => {
    expect(labels(ledgerFieldsOf(undefined, []))).toEqual([
      'Category',
      'Vendor',
      'Customer',
      'Class',
      'Location',
      'Tax',
      'Billable',
      'Memo',
      'Split lines',
      'Attachments',
    ]);
  });

  it('are the ledger’s own: no class, location or billable for Xero, and its tracking categories under their own names', () => {
    const fields = ledgerFieldsOf(
      ['tracking'],
      [
        { pk: 41, name: 'Region' },
        { pk: 40, name: 'Department' },
      ],
    );
    expect(labels(fields)).toEqual(['Category', 'Vendor', 'Customer', 'Tax', 'Region', 'Department', 'Memo', 'Split lines', 'Attachments']);
    expect(fields.filter((f) => f.tracking_category !== null)).toEqual([
      { field: 'tracking_option_one', label: 'Region', tracking_category: 41 },
      { field: 'tracking_option_two', label: 'Department', tracking_category: 40 },
    ]);
    // An organisation with one tracking category has one tracking field.
    expect(labels(ledgerFieldsOf(['tracking'], [{ pk: 41, name: 'Region' }]))).toContain('Region');
    expect(ledgerFieldsOf(['tracking'], [{ pk: 41, name: 'Region' }]).some((f) => f.field === 'tracking_option_two')).toBe(false);
  });
});
