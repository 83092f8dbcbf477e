import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactionAttachments, transactions, users } from '../../../db/schema/index.js';

/** A user's sign-in email (their own row: the pk comes from a verified reply token). */
export const findUserEmail = async (db: Db, userPk: number) => {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.pk, userPk));
  return row?.email ?? null;
};

export const attachFiles = (db: Db, transactionPk: number, fileIds: number[], userPk: number) =>
  fileIds.length === 0
    ? Promise.resolve()
    : db.insert(transactionAttachments).values(fileIds.map((fileId) => ({ transactionId: transactionPk, fileId, createdBy: userPk })));

/** Sets the client's memo only while it is empty, so an emailed reply never overwrites what someone typed. */
export const fillEmptyMemo = async (db: Db, companyPk: number, transactionPk: number, memo: string) =>
  (
    await db
      .update(transactions)
      .set({ clientMemo: memo, updatedAt: new Date() })
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, transactionPk), eq(transactions.clientMemo, '')))
      .returning({ pk: transactions.pk })
  ).length === 1;
