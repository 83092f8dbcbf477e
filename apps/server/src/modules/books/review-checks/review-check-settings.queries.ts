import { eq } from 'drizzle-orm';
import type { ReviewCheckSettings } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { firms } from '../../../db/schema/index.js';

// The firm row's own pk is the tenant: callers pass the actor's firm id.

export const storedReviewCheckSettings = async (db: Db, firmId: number) => {
  const [row] = await db.select({ settings: firms.reviewChecks }).from(firms).where(eq(firms.pk, firmId));
  return row?.settings ?? null;
};

export const saveReviewCheckSettings = (db: Db, firmId: number, settings: ReviewCheckSettings) =>
  db.update(firms).set({ reviewChecks: settings }).where(eq(firms.pk, firmId));
