/**
 * Amounts travel as JSON numbers (12.34) but are kept as integer cents, so totals add up exactly.
 * Xero allows 4 decimal places on UnitAmount with `unitdp=4`; this simulator keeps every amount
 * to the cent and ignores `unitdp`.
 */
export const MONEY_FIELDS = new Set([
  'UnitAmount',
  'LineAmount',
  'TaxAmount',
  'SubTotal',
  'TotalTax',
  'Total',
  'AmountDue',
  'AmountPaid',
  'AmountCredited',
  'Amount',
  'UnitPrice',
]);

export function toCents(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Math.round(Number(value) * 100);
  return undefined;
}

/** cents / 100 prints with at most two decimals for every integer, so the JSON is exact. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Tax on a line: on top of an exclusive amount, or the tax part of an inclusive one. */
export function taxOn(cents: number, ratePercent: number, inclusive: boolean): number {
  if (ratePercent === 0) return 0;
  return Math.round(inclusive ? (cents * ratePercent) / (100 + ratePercent) : (cents * ratePercent) / 100);
}
