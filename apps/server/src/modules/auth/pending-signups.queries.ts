import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingSignups } from '../../db/schema/index.js';

// No tenant: a pending sign-up belongs to no firm yet; it is found by its own pk or by the hash of its emailed code.

export const insertPendingSignup = async (db: Db, values: typeof pendingSignups.$inferInsert) => {
  const [row] = await db.insert(pendingSignups).values(values).returning({ pk: pendingSignups.pk });
  return row!;
};

export const findPendingSignup = async (db: Db, pk: number) => {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.pk, pk));
  return row ?? null;
};

export const setPendingSignupCode = (db: Db, pk: number, codeHash: string) => db.update(pendingSignups).set({ codeHash }).where(eq(pendingSignups.pk, pk));

/** Takes the pending sign-up of a code; the delete makes it single use (two clicks cannot both win). */
export const takePendingSignup = async (db: Db, codeHash: string) => {
  const [row] = await db.delete(pendingSignups).where(eq(pendingSignups.codeHash, codeHash)).returning();
  return row ?? null;
};

export const deletePendingSignup = (db: Db, pk: number) => db.delete(pendingSignups).where(eq(pendingSignups.pk, pk));

export const deleteExpiredPendingSignups = (db: Db) => db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, new Date()));
