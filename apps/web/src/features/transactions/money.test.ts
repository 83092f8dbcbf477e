import { describe, expect, it } from 'vitest';
import { formatCents, fromCents, parseCents, type Receipt } from '@herd/contract';
import { receiptTotal } from '../receipts/receipt-words';
import { formatMoney, remainingCents } from './money';

describe('money in cents', () => {
  it('reads and writes decimal strings', () => {
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('-0.10')).toBe(-10);
    expect(parseCents('abc')).toBeNull();
    expect(fromCents(30)).toBe('0.30');
    expect(fromCents(-1205)).toBe('-12.05');
    expect(formatMoney('1234.5', 'USD')).toBe('1,234.50 USD');
  });

  it('writes every amount one way, a receipt’s total as a transaction’s and as the server’s words', () => {
    expect(formatCents(123450, 'usd')).toBe('1,234.50 USD');
    expect(formatCents(-1205)).toBe('-12.05');
    // Only the two fields receiptTotal reads, hence the cast.
    const receipt = (total: string | null, currency: string | null) => ({ total: { value: total }, currency: { value: currency } }) as unknown as Receipt;
    expect(receiptTotal(receipt('1234.5', 'USD'))).toBe(formatMoney('1234.5', 'USD'));
    expect(receiptTotal(receipt('45.00', 'USD'))).toBe('45.00 USD');
    expect(receiptTotal(receipt('45.00', null))).toBe('45.00');
    expect(receiptTotal(receipt(null, 'USD'))).toBeNull();
  });

  it('says what is left of the total', () => {
    expect(remainingCents('0.30', ['0.10', '0.20'])).toBe(0);
    expect(remainingCents('100.00', ['60.00'])).toBe(4000);
    expect(remainingCents('100.00', ['x'])).toBeNull();
    expect(remainingCents('100.00', ['60.00', ''])).toBe(4000);
  });
});
