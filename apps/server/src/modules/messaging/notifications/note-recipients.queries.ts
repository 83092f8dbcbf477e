import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { firmMembers, receipts, transactions, userAccountRestrictions, users } from '../../../db/schema/index.js';
import { findAssignments, usersOfCompany } from '../../../kernel/company-membership.js';

export interface Recipient {
  pk: number;
  email: string;
  firstName: string;
}

/** No restriction of a kind lets every account through; otherwise only the accounts it lists. */
const allows = (ids: number[], accountId: number | null) => ids.length === 0 || (accountId !== null && ids.includes(accountId));

/**
 * The company's active users who can see at least one of the transactions (their account restrictions
 * allow it): three reads whatever their number, as a bulk note may name hundreds.
 */
export const peopleSeeingAnyOf = async (db: Db, companyPk: number, pks: number[]): Promise<Recipient[]> => {
  if (pks.length === 0) return [];
  const people = (await usersOfCompany(db, companyPk)).filter((u) => u.isActive);
  const accounts = await db
    .select({ payment: transactions.paymentAccountId, watched: transactions.watchedAccountId })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.pk, pks)));
  // Every person's restrictions in one read, not one per person.
  const limits = await db
    .select({ userId: userAccountRestrictions.userId, accountId: userAccountRestrictions.accountId, kind: userAccountRestrictions.kind })
    .from(userAccountRestrictions)
    .where(eq(userAccountRestrictions.clientCompanyId, companyPk));
  const limitOf = (userId: number, kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') => limits.filter((l) => l.userId === userId && l.kind === kind).map((l) => l.accountId);
  return people.filter((p) => accounts.some((a) => allows(limitOf(p.pk, 'PAYMENT_ACCOUNT'), a.payment) && allows(limitOf(p.pk, 'WATCHED_ACCOUNT'), a.watched)));
};

/**
 * The client's people who can see the thread: every active user of the
 * company, less, for a transaction, those whose account restrictions hide it.
 */
export const clientRecipients = async (db: Db, companyPk: number, transactionPk: number | null): Promise<Recipient[]> =>
  transactionPk === null ? (await usersOfCompany(db, companyPk)).filter((u) => u.isActive) : peopleSeeingAnyOf(db, companyPk, [transactionPk]);

/** The firm's side: the people assigned to the company, or the firm's admins when nobody is. */
export const firmRecipients = async (db: Db, firmId: number, companyPk: number): Promise<Recipient[]> => {
  const assigned = await findAssignments(db, firmId, [companyPk]);
  // A recipient is a user: the author is left out and opt-outs are read by user.
  if (assigned.length > 0) return assigned.map((a) => ({ pk: a.userId, email: a.email, firstName: a.firstName }));
  return db
    .select({ pk: users.pk, email: users.email, firstName: users.firstName })
    .from(firmMembers)
    .innerJoin(users, eq(users.pk, firmMembers.userId))
    .where(and(eq(firmMembers.firmId, firmId), inArray(firmMembers.role, ['FIRM_ADMIN', 'CLIENT_ADMIN']), eq(users.isActive, true)));
};

/**
 * The client's people who can see a receipt: those with no account
 * restriction, the person who handed it over, and, once it is matched, those
 * whose restrictions let them see its transaction.
 */
export const receiptRecipients = async (db: Db, companyPk: number, receiptPk: number): Promise<Recipient[]> => {
  const [receipt] = await db
    .select({ uploadedBy: receipts.uploadedBy, transactionId: receipts.transactionId })
    .from(receipts)
    .where(and(eq(receipts.clientCompanyId, companyPk), eq(receipts.pk, receiptPk)));
  if (!receipt) return [];
  const people = (await usersOfCompany(db, companyPk)).filter((u) => u.isActive);
  const restricted = new Set(
    (await db.select({ userId: userAccountRestrictions.userId }).from(userAccountRestrictions).where(eq(userAccountRestrictions.clientCompanyId, companyPk))).map(
      (r) => r.userId,
    ),
  );
  const seeTransaction = receipt.transactionId === null ? [] : (await clientRecipients(db, companyPk, receipt.transactionId)).map((p) => p.pk);
  return people.filter((p) => !restricted.has(p.pk) || p.pk === receipt.uploadedBy || seeTransaction.includes(p.pk));
};
