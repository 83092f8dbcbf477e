import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pendingEmailChanges, users } from '../../../db/schema/index.js';

/*
 * Pending email changes. The job reads its row by pk, and the confirmation by its code's hash: both are
 * addressed by a value only the server (or the owner of the new address) holds. Writes from the people
 * endpoints name the firm.
 */

export const insertPendingEmailChange = async (db: Db, values: typeof pendingEmailChanges.$inferInsert) => {
  const [row] = await db.insert(pendingEmailChanges).values(values).returning();
  return row!;
};

/** A newer request for the same person replaces the older one, whose link then no longer works. */
export const deletePendingEmailChangesOf = (db: Db, firmId: number, userId: number) =>
  db.delete(pendingEmailChanges).where(and(eq(pendingEmailChanges.firmId, firmId), eq(pendingEmailChanges.userId, userId)));

export const findPendingEmailChange = async (db: Db, pk: number) => {
  const [row] = await db.select().from(pendingEmailChanges).where(eq(pendingEmailChanges.pk, pk));
  return row ?? null;
};

export const findPendingEmailChangeByCode = async (db: Db, codeHash: string) => {
  const [row] = await db.select().from(pendingEmailChanges).where(eq(pendingEmailChanges.codeHash, codeHash));
  return row ?? null;
};

export const setEmailChangeCode = (db: Db, pk: number, codeHash: string, expiresAt: Date) =>
  db.update(pendingEmailChanges).set({ codeHash, expiresAt }).where(eq(pendingEmailChanges.pk, pk));

export const deletePendingEmailChange = (db: Db, pk: number) => db.delete(pendingEmailChanges).where(eq(pendingEmailChanges.pk, pk));

/** Claims the change once (a second click, or two at once, finds it confirmed). */
export const claimEmailChange = async (db: Db, pk: number) =>
  (
    await db
      .update(pendingEmailChanges)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(pendingEmailChanges.pk, pk), isNull(pendingEmailChanges.confirmedAt)))
      .returning({ pk: pendingEmailChanges.pk })
  ).length === 1;

export const setUserEmail = (db: Db, userId: number, email: string) => db.update(users).set({ email }).where(eq(users.pk, userId));

export const findPersonName = async (db: Db, userId: number) => {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.pk, userId));
  return row ?? null;
};
