/** Money is added up in cents, as the server does, so 0.1 + 0.2 is 0.30 and not 0.30000000000000004. */
export const toCents = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d{0,2})?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};

export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,234.50 USD"; an unreadable amount is shown as it came. */
export const formatMoney = (amount: string, currency = ''): string => {
  const cents = toCents(amount);
  const text = cents === null ? amount : MONEY.format(cents / 100);
  return currency ? `${text} ${currency}` : text;
};

/** What is left to assign: the total minus the lines; a blank line counts as nothing yet, an unreadable one gives null. */
export const remainingCents = (total: string, lines: readonly (string | undefined)[]): number | null => {
  const totalCents = toCents(total);
  if (totalCents === null) return null;
  let sum = 0;
  for (const line of lines) {
    if (!line?.trim()) continue;
    const cents = toCents(line ?? '');
    if (cents === null) return null;
    sum += cents;
  }
  return totalCents - sum;
};
