import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
export { findClientFirm, findMemberWithFirm } from '../auth/auth.face.js';

// The signed-in user's own row, by their own user id: no tenant to add. Another
// user's row is changed through coworkers.queries or client-users.queries, scoped by firm.

export const findUser = async (db: Db, userId: number) => {
  const [row] = await db.select().from(users).where(eq(users.pk, userId));
  return row ?? null;
};

export const updateOwnUserFields = (db: Db, userId: number, values: Partial<{ firstName: string; lastName: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.pk, userId));
