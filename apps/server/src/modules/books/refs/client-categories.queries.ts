import { or, sql, type SQL } from 'drizzle-orm';
import { EXPENSE_ACCOUNT_TYPES, INCOME_ACCOUNT_TYPES, NEVER_CATEGORY_ACCOUNT_TYPES, normalizedAccountType, type Direction } from '@herd/contract';
import { ledgerAccounts } from '../../../db/schema/index.js';

/**
 * Which ledger accounts a client may choose as a category: income and expense
 * accounts (cost of goods sold included), never a balance-sheet account (bank,
 * card, receivable, payable, asset, liability, equity), which only the
 * accountant may post to. Decided from the account type as the ledger stores
 * it, in each ledger's own spelling (QuickBooks Online "Other Expense",
 * Desktop "OtherExpense", Xero "OVERHEADS"), compared without case, spaces or
 * punctuation. An account with no type at all (a list a firm imported without
 * a type column) says nothing against it and stays offered; a type Herd does
 * not know is not offered, since it could be anything.
 */
export const CLIENT_CATEGORY_TYPES = [...INCOME_ACCOUNT_TYPES, ...EXPENSE_ACCOUNT_TYPES] as const;

export const isClientCategoryType = (accountType: string): boolean =>
  accountType.trim() === '' || (CLIENT_CATEGORY_TYPES as readonly string[]).includes(normalizedAccountType(accountType));

/** The account type as the rules compare it, in SQL: lower case, letters only. */
const normalizedTypeSql = (): SQL => sql`lower(regexp_replace(${ledgerAccounts.accountType}, '[^A-Za-z]', '', 'g'))`;
const oneOf = (types: readonly string[]): SQL =>
  sql`${normalizedTypeSql()} in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/** The same rule as a WHERE condition on `ledger_accounts`. */
export const clientCategoryWhere = (): SQL => or(sql`btrim(${ledgerAccounts.accountType}) = ''`, oneOf(CLIENT_CATEGORY_TYPES))!;

/** Leaves out the accounts no line is filed under by choice (receivable, payable, non-posting), from every category list. */
export const notNeverCategoryWhere = (): SQL => sql`not (${oneOf(NEVER_CATEGORY_ACCOUNT_TYPES)})`;

/**
 * Orders a category list by what people pick for a transaction going `direction`: income accounts
 * first for money in (SALES), expense accounts first for money out (COSTS), then the other of the
 * two, then accounts of no type, then everything else (balance-sheet accounts, the accountant's).
 */
export const directionOrder = (direction: Direction): SQL => {
  const [first, second] = direction === 'SALES' ? [INCOME_ACCOUNT_TYPES, EXPENSE_ACCOUNT_TYPES] : [EXPENSE_ACCOUNT_TYPES, INCOME_ACCOUNT_TYPES];
  return sql`case when ${oneOf(first)} then 0 when ${oneOf(second)} then 1 when btrim(${ledgerAccounts.accountType}) = '' then 2 else 3 end`;
};
