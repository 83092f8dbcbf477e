import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { idempotencyKeys } from '../../../db/schema/index.js';

// The scope (a user, or a signed-out caller) stands in for the tenant: a key is only ever looked up within its own scope.

export interface KeyRef {
  scope: string;
  endpoint: string;
  key: string;
}

const KEPT = sql`interval '24 hours'`;
/** A submission still running after this long died with its process; its key may be claimed again. */
const ABANDONED = sql`interval '10 minutes'`;

const sameKey = (ref: KeyRef) => and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.endpoint, ref.endpoint), eq(idempotencyKeys.key, ref.key));

/**
 * Claims the key for a new submission: true when this request runs it. A key
 * whose answer is older than 24 hours, or whose submission was abandoned, is
 * claimed afresh; any other existing key leaves the row as it is.
 */
export const claimKey = async (db: Db, ref: KeyRef, requestHash: string): Promise<boolean> => {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...ref, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: { requestHash, statusCode: null, answer: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEPT} or (${idempotencyKeys.statusCode} is null and ${idempotencyKeys.createdAt} < now() - ${ABANDONED})`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
};

export const findKey = async (db: Db, ref: KeyRef) => {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(sameKey(ref));
  return row ?? null;
};

export const storeAnswer = async (db: Db, ref: KeyRef, statusCode: number, answer: string | null) => {
  await db.update(idempotencyKeys).set({ statusCode, answer }).where(sameKey(ref));
};

/** A submission that failed keeps no answer: the same key may try again (with the mistake corrected). */
export const releaseKey = async (db: Db, ref: KeyRef) => {
  await db.delete(idempotencyKeys).where(and(sameKey(ref), isNull(idempotencyKeys.statusCode)));
};

export const deleteKeysBefore = async (db: Db, before: Date) => {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
};
