import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS, readTypedAmount, typedCents } from '@herd/contract';

/** The amount read, or the refusal's reason. */
const read = (text: string, currency?: string) => {
  const reading = readTypedAmount(text, { currency });
  return reading.ok ? reading.amount : reading.reason;
};

describe('reading money as people type and paste it', () => {
  it('takes currency signs and codes, before or after, with or without a space', () => {
    expect(read('$500.00')).toBe('500.00');
    expect(read('€12')).toBe('12.00');
    expect(read('£ 12.5')).toBe('12.50');
    expect(read('USD 12.50')).toBe('12.50');
    expect(read('12.50 usd')).toBe('12.50');
    expect(read('12.50€')).toBe('12.50');
    expect(read('US$7')).toBe('7.00');
    expect(read('$12.50 USD')).toBe('12.50');
  });

  it('takes thousands grouped by commas, spaces (a no-break one too) or apostrophes, and no decimals or one', () => {
    expect(read('1,234.56')).toBe('1234.56');
    expect(read('$1,000,000')).toBe('1000000.00');
    expect(read('1 234.56')).toBe('1234.56');
    expect(read('1\u00a0234.56')).toBe('1234.56');
    expect(read("1'234.5")).toBe('1234.50');
    expect(read('  42 ')).toBe('42.00');
    expect(read('.5')).toBe('0.50');
  });

  it('reads a leading or trailing minus and parentheses as negative, and a plus as positive', () => {
    expect(read('-12.50')).toBe('-12.50');
    expect(read('\u221212.50')).toBe('-12.50');
    expect(read('(12.50)')).toBe('-12.50');
    expect(read('($1,234.56)')).toBe('-1234.56');
    expect(read('12.50-')).toBe('-12.50');
    expect(read('-$12.50')).toBe('-12.50');
    expect(read('$-12.50')).toBe('-12.50');
    expect(read('+7')).toBe('7.00');
    expect(readTypedAmount('-0')).toMatchObject({ ok: true, cents: 0 });
  });

  it('refuses what is not an amount, saying why', () => {
    for (const garbage of ['abc', '12 abc', '1e5', '12.5O', '$', '-', '()', '--5', '-(5)', '+5-', '5 5', '1/2', '12..5', '$5 €5'])
      expect(read(garbage), garbage).toBe('not-amount');
    expect(read('')).toBe('empty');
    expect(read('   ')).toBe('empty');
    expect(read('1.234')).toBe('decimals');
    expect(read('12.505')).toBe('decimals');
    expect(read('12,50')).toBe('decimal-comma');
    expect(read('1.234,56')).toBe('decimal-comma');
    expect(read('1,23.00')).toBe('grouping');
    expect(read('1,2345')).toBe('grouping');
    expect(read('1,000,000,000,000')).toBe('too-large');
    expect(readTypedAmount('12,50')).toEqual({ ok: false, reason: 'decimal-comma', message: 'Use a point for cents, like 12.50.' });
    expect(readTypedAmount('abc')).toMatchObject({ message: 'Not an amount: type it like 1,234.50.' });
  });

  it('refuses an amount written in another currency than the one expected, and takes that currency’s own signs', () => {
    expect(readTypedAmount('€12', { currency: 'USD' })).toEqual({ ok: false, reason: 'currency', message: 'Amounts here are in USD, not €.' });
    expect(read('12 EUR', 'USD')).toBe('currency');
    expect(read('CA$12', 'USD')).toBe('currency');
    expect(read('$12', 'USD')).toBe('12.00');
    expect(read('US$12', 'usd')).toBe('12.00');
    expect(read('$12', 'CAD')).toBe('12.00');
    expect(read('C$12', 'CAD')).toBe('12.00');
    expect(read('£12', 'GBP')).toBe('12.00');
    expect(read('12', 'EUR')).toBe('12.00');
  });

  it('names the currency an amount was written in when there is no doubt', () => {
    expect(readTypedAmount('€12.50')).toMatchObject({ ok: true, currency: 'EUR' });
    expect(readTypedAmount('12.50 cad')).toMatchObject({ ok: true, currency: 'CAD' });
    expect(readTypedAmount('$12.50')).toMatchObject({ ok: true, currency: null });
    expect(readTypedAmount('$12.50', { currency: 'AUD' })).toMatchObject({ ok: true, currency: 'AUD' });
  });

  it('reads a bank file’s amounts of any size, for the file to refuse its own way', () => {
    expect(typedCents('(1,234.56)')).toBe(-123456);
    expect(typedCents('1,000,000,000,000')).toBeGreaterThan(MAX_AMOUNT_CENTS);
    expect(typedCents('12,34')).toBeNull();
  });
});
