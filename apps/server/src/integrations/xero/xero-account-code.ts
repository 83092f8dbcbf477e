import type { XeroObject } from './xero-values.js';
import { text } from './xero-values.js';

/**
 * Where a new account's code is looked for, by type, as Xero's default chart numbers them
 * (revenue in the 200s, expenses in the 400s, the balance sheet from 600 up). Xero refuses an
 * account without a code (bank accounts aside), and Herd's form asks only for a name and a type.
 */
const FIRST_CODE: Record<string, number> = {
  REVENUE: 200,
  SALES: 200,
  OTHERINCOME: 260,
  DIRECTCOSTS: 310,
  EXPENSE: 400,
  OVERHEADS: 400,
  DEPRECIATN: 416,
};
const BALANCE_SHEET_FIRST_CODE = 600;

/** The first numeric code from the type's place in the chart that no account of the organisation holds. */
export const freeAccountCode = (accountType: string, accounts: XeroObject[]): string => {
  const taken = new Set(accounts.map((a) => text(a.Code)));
  let code = FIRST_CODE[accountType] ?? BALANCE_SHEET_FIRST_CODE;
  while (taken.has(String(code))) code += 1;
  return String(code);
};
