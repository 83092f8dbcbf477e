import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bannerDismissals, globalBanners, users } from '../../db/schema/index.js';
export { findClientFirm, findMemberWithFirm } from '../auth/auth.face.js';

// The signed-in user's own row, by their own user id: no tenant to add. Another
// user's row is changed through coworkers.queries or client-users.queries, scoped by firm.

export const findUser = async (db: Db, userId: number) => {
  const [row] = await db.select().from(users).where(eq(users.pk, userId));
  return row ?? null;
};

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

export const updateOwnUserFields = (db: Db, userId: number, values: Partial<{ firstName: string; lastName: string; phone: string }>) =>
  db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.pk, userId));
