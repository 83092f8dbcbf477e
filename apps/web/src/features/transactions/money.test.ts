import { describe, expect, it } from 'vitest';
import { fromCents, parseCents } from '@herd/contract';
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

  it('says what is left of the total', () => {
    expect(remainingCents('0.30', ['0.10', '0.20'])).toBe(0);
    expect(remainingCents('100.00', ['60.00'])).toBe(4000);
    expect(remainingCents('100.00', ['x'])).toBeNull();
    expect(remainingCents('100.00', ['60.00', ''])).toBe(4000);
  });
});
