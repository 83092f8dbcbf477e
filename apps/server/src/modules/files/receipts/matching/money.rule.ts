import { formatCents } from '@herd/contract';

/**
 * Money in whole cents, as the transactions' numeric(14, 2) columns hold it: comparing floats of
 * dollars would call 19.99 and 19.990000001 different amounts.
 */
export const toCents = (amount: string | number): number => {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${String(amount)}`);
  return Math.round(value * 100);
};

/** "12.50 USD": an amount in a part's words, written as the app writes every amount (the contract's `formatCents`). */
export const formatMoney = (cents: number, currency: string): string => formatCents(cents, currency);
