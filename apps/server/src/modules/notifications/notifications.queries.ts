import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;

/** Every query is one person's rows of one firm. */
const own = (firmId: number, userId: number) => and(eq(notifications.firmId, firmId), eq(notifications.userId, userId));
const shown = isNull(notifications.hiddenAt);
const unread = isNull(notifications.readAt);

export const insertNotifications = (db: Db, rows: NewNotification[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insert(notifications)
        .values(rows)
        .then(() => undefined);

export const listOwnNotifications = async (db: Db, firmId: number, userId: number, page: number, pageSize: number, unreadOnly: boolean) => {
  const where = and(own(firmId, userId), shown, unreadOnly ? unread : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.pk))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
};

export const countUnread = async (db: Db, firmId: number, userId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(own(firmId, userId), shown, unread));
  return row?.n ?? 0;
};

/** Which of these pks are the person's own (read or not, cleared or not). */
export const findOwnPks = async (db: Db, firmId: number, userId: number, pks: number[]) =>
  (
    await db
      .select({ pk: notifications.pk })
      .from(notifications)
      .where(and(own(firmId, userId), inArray(notifications.pk, pks)))
  ).map((r) => r.pk);

/** Marks read the person's unread rows, all of them or those named; a row already read keeps its first reading time. */
export const markOwnRead = (db: Db, firmId: number, userId: number, pks: number[] | 'all') =>
  db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(own(firmId, userId), unread, pks === 'all' ? undefined : inArray(notifications.pk, pks)));

/** Clears the person's list: cleared rows are left out of the list and the count. */
export const hideOwn = (db: Db, firmId: number, userId: number) =>
  db
    .update(notifications)
    .set({ hiddenAt: sql`now()` })
    .where(and(own(firmId, userId), shown));
