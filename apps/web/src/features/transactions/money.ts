import { formatCents, parseCents, readTypedAmount } from '@herd/contract';

/** "1,234.50 USD" (the contract's `formatCents`, as the server writes amounts); an unreadable amount is shown as it came. Money is added up in cents, as the server does. */
export const formatMoney = (amount: string, currency = ''): string => {
  const cents = parseCents(amount);
  if (cents !== null) return formatCents(cents, currency);
  return currency ? `${amount} ${currency}` : amount;
};

/**
 * What is left to assign: the total minus the lines, read as people type and paste money ("$60.00",
 * "1,234.56") in the transaction's `currency`; a blank line counts as nothing yet, an unreadable one gives null.
 */
export const remainingCents = (total: string, lines: readonly (string | undefined)[], currency?: string): number | null => {
  const totalCents = parseCents(total);
  if (totalCents === null) return null;
  let sum = 0;
  for (const line of lines) {
    if (!line?.trim()) continue;
    const reading = readTypedAmount(line, { currency });
    if (!reading.ok) return null;
    sum += reading.cents;
  }
  return totalCents - sum;
};
