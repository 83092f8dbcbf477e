import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userAccountRestrictions } from '../db/schema/index.js';

/**
 * The accounts a client user is limited to in one company. `null` for a kind
 * means no limit of that kind. Accountants are never limited.
 */
export interface AccountRestrictions {
  paymentAccountIds: number[] | null;
  watchedAccountIds: number[] | null;
}

export const UNRESTRICTED: AccountRestrictions = { paymentAccountIds: null, watchedAccountIds: null };

export const loadAccountRestrictions = async (db: Db, userPk: number, companyPk: number): Promise<AccountRestrictions> => {
  const rows = await db
    .select({ accountId: userAccountRestrictions.accountId, kind: userAccountRestrictions.kind })
    .from(userAccountRestrictions)
    .where(and(eq(userAccountRestrictions.userId, userPk), eq(userAccountRestrictions.clientCompanyId, companyPk)));
  const of = (kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') => {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.accountId);
    return ids.length > 0 ? ids : null;
  };
  return { paymentAccountIds: of('PAYMENT_ACCOUNT'), watchedAccountIds: of('WATCHED_ACCOUNT') };
};

/**
 * The WHERE condition that every query listing a company's transactions or
 * receipts adds for a restricted client user: the row's payment account must
 * be one of theirs, and so must its watched account. Undefined when nothing
 * is restricted (drizzle's `and()` drops it).
 */
export const restrictionWhere = (
  restrictions: AccountRestrictions,
  columns: { paymentAccountId: SQL | Parameters<typeof eq>[0]; watchedAccountId: SQL | Parameters<typeof eq>[0] },
): SQL | undefined =>
  and(
    restrictions.paymentAccountIds ? inArray(columns.paymentAccountId, restrictions.paymentAccountIds) : undefined,
    restrictions.watchedAccountIds ? inArray(columns.watchedAccountId, restrictions.watchedAccountIds) : undefined,
  );
