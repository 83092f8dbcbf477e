/**
 * Money in whole cents, as the transactions' numeric(14, 2) columns hold it: comparing floats of
 * dollars would call 19.99 and 19.990000001 different amounts.
 */
export const toCents = (amount: string | number): number => {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${String(amount)}`);
  return Math.round(value * 100);
};

// One formatter for every call: building one per amount (toLocaleString with options) costs more than the rest of a score.
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const SYMBOLS: Record<string, string> = { USD: '$', CAD: 'CA$', AUD: 'A$', EUR: '€', GBP: '£' };

/** "$12.50", "€8.00", "12.50 CHF": how an amount reads in a part's words. */
export const formatMoney = (cents: number, currency: string): string => {
  const digits = DOLLARS.format(Math.abs(cents) / 100);
  const sign = cents < 0 ? '-' : '';
  const symbol = SYMBOLS[currency.toUpperCase()];
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${digits} ${currency.toUpperCase()}`;
};
