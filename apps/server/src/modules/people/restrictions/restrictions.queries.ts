import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, ledgerAccounts, userAccountRestrictions, users } from '../../../db/schema/index.js';
import type { AccountRestrictions } from '../../../kernel/account-scope.js';

// A restriction belongs to a client company: every query names that company, or the firm of it.

/** The restriction's company is one of the firm's. */
const inFirm = (firmId: number) =>
  inArray(userAccountRestrictions.clientCompanyId, sql`(select ${clientCompanies.pk} from ${clientCompanies} where ${clientCompanies.firmId} = ${firmId})`);

const restrictionColumns = {
  pk: userAccountRestrictions.pk,
  clientCompanyId: userAccountRestrictions.clientCompanyId,
  userId: userAccountRestrictions.userId,
  accountId: userAccountRestrictions.accountId,
  accountName: ledgerAccounts.name,
  kind: userAccountRestrictions.kind,
};

export const listRestrictions = (db: Db, companyPk: number, userPk?: number) =>
  db
    .select(restrictionColumns)
    .from(userAccountRestrictions)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.pk, userAccountRestrictions.accountId))
    .where(and(eq(userAccountRestrictions.clientCompanyId, companyPk), userPk ? eq(userAccountRestrictions.userId, userPk) : undefined))
    .orderBy(asc(userAccountRestrictions.userId), asc(ledgerAccounts.name), asc(userAccountRestrictions.pk));

export const findRestrictions = (db: Db, firmId: number, pks: number[]) =>
  db
    .select(restrictionColumns)
    .from(userAccountRestrictions)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.pk, userAccountRestrictions.accountId))
    .where(and(inFirm(firmId), inArray(userAccountRestrictions.pk, pks)));

/** Inserts, skipping any restriction that already exists; returns the pks of all requested rows. */
export const upsertRestrictions = async (db: Db, rows: (typeof userAccountRestrictions.$inferInsert)[]) => {
  await db.insert(userAccountRestrictions).values(rows).onConflictDoNothing();
  const first = rows[0]!;
  const existing = await db
    .select({ pk: userAccountRestrictions.pk })
    .from(userAccountRestrictions)
    .where(
      and(
        eq(userAccountRestrictions.clientCompanyId, first.clientCompanyId),
        eq(userAccountRestrictions.userId, first.userId),
        eq(userAccountRestrictions.kind, first.kind),
        inArray(
          userAccountRestrictions.accountId,
          rows.map((r) => r.accountId),
        ),
      ),
    );
  return existing.map((r) => r.pk);
};

export const updateRestriction = (db: Db, companyPk: number, pk: number, values: Partial<typeof userAccountRestrictions.$inferInsert>) =>
  db
    .update(userAccountRestrictions)
    .set(values)
    .where(and(eq(userAccountRestrictions.clientCompanyId, companyPk), eq(userAccountRestrictions.pk, pk)));

export const deleteRestrictions = (db: Db, firmId: number, pks: number[]) =>
  db.delete(userAccountRestrictions).where(and(inFirm(firmId), inArray(userAccountRestrictions.pk, pks)));

/** Which of these accounts belong to the company. */
export const findCompanyAccountPks = async (db: Db, companyPk: number, accountPks: number[]) =>
  (
    await db
      .select({ pk: ledgerAccounts.pk })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), inArray(ledgerAccounts.pk, accountPks)))
  ).map((r) => r.pk);

/** These users, as far as they have restrictions in the company. */
export const findRestrictedUsers = (db: Db, companyPk: number, pks: number[]) =>
  pks.length === 0
    ? Promise.resolve([])
    : db
        .select({ pk: users.pk, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            inArray(users.pk, pks),
            inArray(
              users.pk,
              sql`(select ${userAccountRestrictions.userId} from ${userAccountRestrictions} where ${userAccountRestrictions.clientCompanyId} = ${companyPk})`,
            ),
          ),
        );

/** Limits a user of the company to these accounts (rows already there are kept): how a coworker inherits their inviter's restrictions. */
export const grantRestrictions = async (db: Db, companyPk: number, userPk: number, restrictions: AccountRestrictions) => {
  const row = (kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') => (accountId: number) => ({ clientCompanyId: companyPk, userId: userPk, accountId, kind });
  const rows = [...(restrictions.paymentAccountIds ?? []).map(row('PAYMENT_ACCOUNT')), ...(restrictions.watchedAccountIds ?? []).map(row('WATCHED_ACCOUNT'))];
  if (rows.length > 0) await db.insert(userAccountRestrictions).values(rows).onConflictDoNothing();
};
