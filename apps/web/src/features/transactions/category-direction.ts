import { accountDirection, type Direction } from '@herd/contract';

/**
 * The warning shown under a category that goes the other way from its transaction: an expense
 * account for money coming in, an income account for money going out. Only a warning: a refund
 * from a supplier is money in that belongs under the expense it reverses, and the person knows
 * which it was. Null when the two agree or the account is neither income nor expense.
 */
export const categoryDirectionWarning = (categoryName: string, accountType: string, direction: Direction): string | null => {
  const goes = accountDirection(accountType);
  if (goes === null || goes === direction) return null;
  return direction === 'SALES'
    ? `“${categoryName}” is an expense account, and this is money coming in. Right for a refund; otherwise choose an income account.`
    : `“${categoryName}” is an income account, and this is money going out. Right for a refund you gave; otherwise choose an expense account.`;
};
