import { or, sql, type SQL } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/index.js';

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
export const CLIENT_CATEGORY_TYPES = [
  'income',
  'otherincome',
  'revenue',
  'sales',
  'expense',
  'expenses',
  'otherexpense',
  'costofgoodssold',
  'cogs',
  'directcosts',
  'overheads',
  'depreciatn',
  'depreciation',
] as const;

const normalized = (accountType: string) => accountType.toLowerCase().replace(/[^a-z]/g, '');

export const isClientCategoryType = (accountType: string): boolean =>
  accountType.trim() === '' || (CLIENT_CATEGORY_TYPES as readonly string[]).includes(normalized(accountType));

/** The same rule as a WHERE condition on `ledger_accounts`. */
export const clientCategoryWhere = (): SQL =>
  or(
    sql`btrim(${ledgerAccounts.accountType}) = ''`,
    sql`lower(regexp_replace(${ledgerAccounts.accountType}, '[^A-Za-z]', '', 'g')) in (${sql.join(
      CLIENT_CATEGORY_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  )!;
