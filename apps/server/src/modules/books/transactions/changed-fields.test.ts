import { describe, expect, it } from 'vitest';
import { BLANK_LINE, changedFields } from './changed-fields.rule.js';

const line = (values: Partial<Parameters<typeof changedFields>[0][number]> = {}) => ({ amount: '10.00', ...BLANK_LINE, ...values });
const noMemo = { before: '', after: undefined };

describe('what a save changed', () => {
  it('names each field that differs, and nothing for the same answer saved again', () => {
    const stored = [line({ categoryId: 1, vendorId: 5 })];
    expect(changedFields(stored, [line({ categoryId: 2, vendorId: 5, trackingOptionTwoId: 9 })], noMemo)).toEqual(['category', 'tracking']);
    expect(changedFields(stored, [line({ categoryId: 1, vendorId: 5 })], { before: 'Lunch', after: 'Lunch' })).toEqual([]);
    expect(changedFields(stored, null, { before: 'Lunch', after: 'Team lunch' })).toEqual(['memo']);
  });

  it('calls new lines or moved amounts a split, and compares the fields of the lines kept', () => {
    const stored = [line({ categoryId: 1 })];
    expect(changedFields(stored, [line({ amount: '6.00', categoryId: 1 }), line({ amount: '4.00', categoryId: 7 })], noMemo)).toEqual(['split']);
    expect(changedFields([line({ amount: '6.00' }), line({ amount: '4.00' })], [line({ amount: '10.00', classId: 3 })], noMemo)).toEqual(['split', 'class']);
  });

  it('compares a transaction that had no line with a blank one', () => {
    expect(changedFields([], [line({ categoryId: 1 })], noMemo)).toEqual(['category']);
    expect(changedFields([], [line({ amount: '6.00', categoryId: 1 }), line({ amount: '4.00' })], noMemo)).toEqual(['split', 'category']);
  });
});
