/** Transaction amounts are numeric(14, 2): at most twelve digits before the point. */
export const MAX_AMOUNT_CENTS = 999_999_999_999_99;

/**
 * An amount as banks print it, in cents: "1,234.56", "$12.50", "(12.50)" and
 * "12.50-" (both negative), "-12.50". Null when it is not a number; an amount
 * past MAX_AMOUNT_CENTS is returned as it is, for the caller to refuse.
 */
export const parseBankAmount = (value: string): number | null => {
  let v = value
    .trim()
    .replace(/[\s$€£¥]/g, '')
    .replace(/^(USD|EUR|GBP|CAD|AUD)/i, '');
  if (v === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(v)) {
    negative = true;
    v = v.slice(1, -1);
  }
  if (v.endsWith('-')) {
    negative = !negative;
    v = v.slice(0, -1);
  }
  if (v.startsWith('-')) {
    negative = !negative;
    v = v.slice(1);
  } else if (v.startsWith('+')) {
    v = v.slice(1);
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(v)) return null;
  const [whole = '0', fraction = ''] = v.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};
