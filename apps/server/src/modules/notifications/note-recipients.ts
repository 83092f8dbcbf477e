import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firmMembers, receipts, transactions, userAccountRestrictions, users } from '../../db/schema/index.js';
import { findAssignments } from '../client-companies/client-companies.face.js';
import { usersOfCompany } from '../client-users/client-users.face.js';

export interface Recipient {
  pk: number;
  email: string;
  firstName: string;
}

const allows = (ids: number[] | null, accountId: number | null) => ids === null || (accountId !== null && ids.includes(accountId));

/**
 * The client's people who can see the thread: every active user of the
 * company, less, for a transaction, those whose account restrictions hide it.
 */
export const clientRecipients = async (db: Db, companyPk: number, transactionPk: number | null): Promise<Recipient[]> => {
  const people = (await usersOfCompany(db, companyPk)).filter((u) => u.isActive);
  if (transactionPk === null) return people;
  const [tx] = await db
    .select({ payment: transactions.paymentAccountId, watched: transactions.watchedAccountId })
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, transactionPk)));
  // Every person's restrictions in one read, not one per person.
  const restrictions = await db
    .select({ userId: userAccountRestrictions.userId, accountId: userAccountRestrictions.accountId, kind: userAccountRestrictions.kind })
    .from(userAccountRestrictions)
    .where(eq(userAccountRestrictions.clientCompanyId, companyPk));
  const limitOf = (userId: number, kind: 'PAYMENT_ACCOUNT' | 'WATCHED_ACCOUNT') => {
    const ids = restrictions.filter((r) => r.userId === userId && r.kind === kind).map((r) => r.accountId);
    return ids.length > 0 ? ids : null;
  };
  return people.filter(
    (person) => allows(limitOf(person.pk, 'PAYMENT_ACCOUNT'), tx?.payment ?? null) && allows(limitOf(person.pk, 'WATCHED_ACCOUNT'), tx?.watched ?? null),
  );
};

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
