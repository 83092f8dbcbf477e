import { parseCents } from '@herd/contract';

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,234.50 USD"; an unreadable amount is shown as it came. Money is added up in cents (the contract's money rules), as the server does. */
export const formatMoney = (amount: string, currency = ''): string => {
  const cents = parseCents(amount);
  const text = cents === null ? amount : MONEY.format(cents / 100);
  return currency ? `${text} ${currency}` : text;
};

/** What is left to assign: the total minus the lines; a blank line counts as nothing yet, an unreadable one gives null. */
export const remainingCents = (total: string, lines: readonly (string | undefined)[]): number | null => {
  const totalCents = parseCents(total);
  if (totalCents === null) return null;
  let sum = 0;
  for (const line of lines) {
    if (!line?.trim()) continue;
    const cents = parseCents(line ?? '');
    if (cents === null) return null;
    sum += cents;
  }
  return totalCents - sum;
};
