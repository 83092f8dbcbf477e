import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bannerDismissals, globalBanners } from '../../../db/schema/index.js';

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

/** Active banners for everyone or for this firm, less those the user dismissed. */
export const findVisibleBanners = (db: Db, userId: number, firmId: number | null) =>
  db
    .select({
      pk: globalBanners.pk,
      message: globalBanners.message,
      level: globalBanners.level,
      dismissible: globalBanners.dismissible,
    })
    .from(globalBanners)
    .leftJoin(bannerDismissals, and(eq(bannerDismissals.bannerId, globalBanners.pk), eq(bannerDismissals.userId, userId)))
    .where(
      and(
        eq(globalBanners.active, true),
        or(isNull(globalBanners.endsAt), gt(globalBanners.endsAt, sql`now()`)),
        isNull(bannerDismissals.bannerId),
        firmId === null ? isNull(globalBanners.firmId) : or(isNull(globalBanners.firmId), eq(globalBanners.firmId, firmId)),
      ),
    )
    .orderBy(globalBanners.pk);
