import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bannerDismissals, globalBanners } from '../../db/schema/index.js';

/**
 * Records that the user dismissed a banner meant for everyone or for their
 * firm (`firmId`, null for a user of no firm); another firm's banner is not
 * matched, so nothing is written. The user id is the signed-in user's own.
 */
export const insertDismissal = (db: Db, firmId: number | null, bannerId: number, userId: number) =>
  db
    .insert(bannerDismissals)
    .select(
      db
        .select({
          bannerId: globalBanners.pk,
          userId: sql<number>`${userId}::integer`.as('user_id'),
          dismissedAt: sql<Date>`now()`.as('dismissed_at'),
        })
        .from(globalBanners)
        .where(and(eq(globalBanners.pk, bannerId), firmId === null ? isNull(globalBanners.firmId) : or(isNull(globalBanners.firmId), eq(globalBanners.firmId, firmId)))),
    )
    .onConflictDoNothing();
