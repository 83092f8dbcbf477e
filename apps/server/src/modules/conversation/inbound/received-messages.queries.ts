import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { inboundMessages } from '../../../db/schema/index.js';

/*
 * Every message a channel delivers to Herd (an email to a reply or receipts address, a text) is filed
 * once: a delivery the sender retries, or a replay, finds it filed. Email and texts both keep this
 * record, so it is a module of its own below them.
 */

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

/**
 * Runs `work` for a message claimed first, for work that is not one database transaction (answers
 * written one by one): a failure gives the claim back, so the sender's retry does the work again
 * (the answers already written are then left, as changed since they were asked). Null when the
 * message was claimed already.
 */
export const onceClaimed = async <T>(db: Db, ref: MessageRef & { handler: string; firmId: number }, work: () => Promise<T>): Promise<T | null> => {
  if (!(await claimMessage(db, ref))) return null;
  try {
    return await work();
  } catch (err) {
    await db.delete(inboundMessages).where(and(eq(inboundMessages.messageKey, ref.messageKey), eq(inboundMessages.recipient, ref.recipient)));
    throw err;
  }
};

/** Filed messages older than the longest a reply address lives, and then some: a replay that old is refused by its address anyway. */
export const deleteOldInboundMessages = (db: Db, before: Date) => db.delete(inboundMessages).where(lt(inboundMessages.receivedAt, before));
