import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rateLimitHits } from '../../../db/schema/index.js';

// No tenant: hits are counted per email or address before anyone is signed in.

export const countHits = async (db: Db, bucket: string, key: string, since: Date) => {
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt), newest: max(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  return { hits: row?.hits ?? 0, oldest: row?.oldest ?? null, newest: row?.newest ?? null };
};

export const insertHit = async (db: Db, bucket: string, key: string) => {
  await db.insert(rateLimitHits).values({ bucket, key });
};

export const deleteHits = async (db: Db, bucket: string, key: string) => {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
};

export const deleteHitsBefore = async (db: Db, before: Date) => {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
};
