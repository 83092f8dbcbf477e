import { describe, expect, it } from 'vitest';
import { findDuplicate, purchaseKey, type ReceiptForDuplicates } from './duplicates.rule.js';

let next = 1;
const receipt = (over: Partial<ReceiptForDuplicates> = {}): ReceiptForDuplicates => {
  const pk = over.pk ?? next++;
  return { pk, fileHash: `hash-${pk}`, vendor: 'Starbucks Coffee', date: '2026-11-02', total: '6.45', createdAt: new Date(Date.UTC(2026, 10, 2, 12, 0, pk)), ...over };
};

describe('findDuplicate', () => {
  it('flags the same file sent twice with the earlier receipt', () => {
    const first = receipt({ pk: 10, fileHash: 'abc', vendor: 'A', total: '1.00' });
    const again = receipt({ pk: 11, fileHash: 'abc', vendor: 'B', total: '2.00' });
    expect(findDuplicate(again, [first, again])).toEqual({ pk: 10, reason: 'SAME_FILE' });
    expect(findDuplicate(first, [first, again])).toBeNull();
  });

  it('flags the same purchase in another file: vendor as the merchant rules read it, date and total', () => {
    const photo = receipt({ pk: 20, vendor: 'STARBUCKS STORE 01234' });
    const pdf = receipt({ pk: 21, vendor: 'Starbucks Coffee Company', total: 6.45 });
    expect(findDuplicate(pdf, [photo])).toEqual({ pk: 20, reason: 'SAME_PURCHASE' });
  });

  it('does not flag another day, another total or another vendor', () => {
    const base = receipt({ pk: 30 });
    expect(findDuplicate(receipt({ pk: 31, date: '2026-11-03' }), [base])).toBeNull();
    expect(findDuplicate(receipt({ pk: 32, total: '6.46' }), [base])).toBeNull();
    expect(findDuplicate(receipt({ pk: 33, vendor: 'Dunkin' }), [base])).toBeNull();
  });

  it('does not take two unreadable receipts for the same purchase', () => {
    const a = receipt({ pk: 40, vendor: '', total: null });
    expect(findDuplicate(receipt({ pk: 41, vendor: '', total: null }), [a])).toBeNull();
    expect(purchaseKey({ vendor: '', date: '2026-11-02', total: '1.00' })).toBeNull();
  });

  it('names the earliest of several, by arrival then pk, and prefers the same file', () => {
    const t = new Date(Date.UTC(2026, 10, 2));
    const older = receipt({ pk: 52, createdAt: t });
    const sameTime = receipt({ pk: 51, createdAt: t });
    const latest = receipt({ pk: 50, createdAt: new Date(t.getTime() + 1000) });
    expect(findDuplicate(latest, [older, sameTime, latest])).toEqual({ pk: 51, reason: 'SAME_PURCHASE' });
    const file = receipt({ pk: 53, fileHash: 'same', createdAt: new Date(t.getTime() + 500) });
    expect(findDuplicate(receipt({ pk: 54, fileHash: 'same', createdAt: new Date(t.getTime() + 2000) }), [older, file])).toEqual({ pk: 53, reason: 'SAME_FILE' });
  });
});
