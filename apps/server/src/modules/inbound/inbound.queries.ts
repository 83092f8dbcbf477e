import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inboundMessages, transactionAttachments, transactions, users } from '../../db/schema/index.js';

export interface MessageRef {
  messageKey: string;
  recipient: string;
}

export const isAlreadyFiled = async (db: Db, ref: MessageRef) => {
  const [row] = await db
    .select({ key: inboundMessages.messageKey })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.messageKey, ref.messageKey), eq(inboundMessages.recipient, ref.recipient)));
  return row !== undefined;
};

/** Claims the message for this address in the transaction that files it; false when it was filed already (a replay racing the first delivery). */
export const claimMessage = async (db: Db, ref: MessageRef & { handler: string; firmId: number }) =>
  (await db.insert(inboundMessages).values(ref).onConflictDoNothing().returning({ key: inboundMessages.messageKey })).length === 1;

/** Filed messages older than the longest a reply address lives, and then some: a replay that old is refused by its address anyway. */
export const deleteOldInboundMessages = (db: Db, before: Date) => db.delete(inboundMessages).where(lt(inboundMessages.receivedAt, before));

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
