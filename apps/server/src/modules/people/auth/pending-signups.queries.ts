import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pendingSignups } from '../../../db/schema/index.js';

/*
 * No tenant here, on purpose: a pending sign-up belongs to no firm yet. It is
 * found by the hash of its code only, the one thing its link carries.
 */

export const insertPendingSignup = (db: Db, values: typeof pendingSignups.$inferInsert) => db.insert(pendingSignups).values(values);

export const findPendingSignup = async (db: Db, codeHash: string) => {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.codeHash, codeHash));
  return row ?? null;
};

/** Takes an unused, unexpired sign-up for this request; null when another request took it first or it expired. */
export const claimPendingSignup = async (db: Db, pk: number) => {
  const [row] = await db
    .update(pendingSignups)
    .set({ usedAt: new Date() })
    .where(and(eq(pendingSignups.pk, pk), isNull(pendingSignups.usedAt), gt(pendingSignups.expiresAt, new Date())))
    .returning();
  return row ?? null;
};

/** Remembers who the sign-up created, so that person's second click goes on to the dashboard. */
export const setPendingSignupUser = (db: Db, pk: number, userId: number) => db.update(pendingSignups).set({ userId }).where(eq(pendingSignups.pk, pk));

/** Maintenance: sign-ups whose link has expired hold a password hash nobody can use any more. */
export const deletePendingSignupsExpiredBefore = (db: Db, before: Date) => db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, before));
