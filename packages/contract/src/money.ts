/**
 * Money in whole cents, so sums of decimal amounts are exact on both sides
 * (0.10 + 0.20 is 0.30, not 0.30000000000000004).
 */

/** Cents of an amount as a person typed it (at most two decimals, optional minus); null when it is not one. */
export const parseCents = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d{0,2})?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};

/** Cents of an amount already validated (a stored or parsed amount); anything else is a programming error. */
export const centsOf = (amount: string): number => {
  const cents = parseCents(amount);
  if (cents === null) throw new Error(`Not an amount: ${amount}`);
  return cents;
};

/** The amount of some cents, as the API writes amounts ("-12.05"). */
export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

// One formatter for every call: building one per amount costs more than the rest of a receipt's score.
const GROUPED = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one way Herd writes an amount for a person, on screen and in the server's words (a receipt's
 * match reasons): "1,234.50 USD", "-12.05 EUR", "18.50" when no currency is known. A receipt and
 * the charge it matches then read alike wherever they are shown.
 */
export const formatCents = (cents: number, currency = ''): string => {
  const text = `${cents < 0 ? '-' : ''}${GROUPED.format(Math.abs(cents) / 100)}`;
  return currency ? `${text} ${currency.toUpperCase()}` : text;
};
