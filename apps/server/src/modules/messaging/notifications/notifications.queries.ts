import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { clientCompanies, firmMembers, notes, notifications, users } from '../../../db/schema/index.js';

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

/**
 * The unread, uncleared notifications of one kind about one company (and, when given, one target),
 * written since `since`, of some of the firm's people: the batch a later batch of the same kind is added to.
 */
export const findOpenBatches = (
  db: Db,
  e: { firmId: number; userIds: number[]; kind: NewNotification['kind']; companyId: number; since: Date; target?: { type: NewNotification['targetType']; pk: number } },
) =>
  e.userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ pk: notifications.pk, userId: notifications.userId, itemCount: notifications.itemCount })
        .from(notifications)
        .where(
          and(
            eq(notifications.firmId, e.firmId),
            inArray(notifications.userId, e.userIds),
            eq(notifications.kind, e.kind),
            eq(notifications.clientCompanyId, e.companyId),
            e.target ? and(eq(notifications.targetType, e.target.type), eq(notifications.targetPk, e.target.pk)) : undefined,
            unread,
            shown,
            gt(notifications.createdAt, e.since),
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.pk));

/** Adds to a batch: its new count and title, and it is news again (it moves to the top of the list). */
export const growBatch = (db: Db, firmId: number, pk: number, values: { itemCount: number; title: string }) =>
  db
    .update(notifications)
    .set({ ...values, createdAt: sql`now()` })
    .where(and(eq(notifications.firmId, firmId), eq(notifications.pk, pk)));

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

/** Prepared: the bell asks for it every half minute from every open tab; its plan (the unread index alone) never depends on the values. */
const unreadCountStatement = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.firmId, sql.placeholder('firmId')), eq(notifications.userId, sql.placeholder('userId')), shown, unread))
    .prepare('herd_unread_count'),
);

export const countUnread = async (db: Db, firmId: number, userId: number) => {
  const [row] = await unreadCountStatement(db).execute({ firmId, userId });
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

/** A company's name, for a notification's title. */
export const companyNameOf = async (db: Db, firmId: number, companyPk: number) => {
  const [row] = await db
    .select({ name: clientCompanies.name })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, firmId), eq(clientCompanies.pk, companyPk)));
  return row?.name ?? 'A client';
};

/** Many companies' names at once (one statement), by pk. */
export const companyNamesOf = async (db: Db, firmId: number, companyPks: number[]) =>
  new Map(
    (
      await db
        .select({ pk: clientCompanies.pk, name: clientCompanies.name })
        .from(clientCompanies)
        .where(and(eq(clientCompanies.firmId, firmId), inArray(clientCompanies.pk, companyPks)))
    ).map((r) => [r.pk, r.name]),
  );

/** How a person is named in a notification: their name, or their email when they gave none. */
export const personNameOf = async (db: Db, userPk: number | null) => {
  if (userPk === null) return 'Someone';
  const [row] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.pk, userPk));
  return row ? `${row.first} ${row.last}`.trim() || row.email : 'Someone';
};

/** Whether the person works for the firm (as opposed to being one of its clients). */
export const isFirmStaff = async (db: Db, firmId: number, userPk: number) =>
  (
    await db
      .select({ pk: firmMembers.pk })
      .from(firmMembers)
      .where(and(eq(firmMembers.firmId, firmId), eq(firmMembers.userId, userPk)))
  ).length > 0;

/** Everyone who has written in a thread: its participants. */
export const threadAuthors = async (db: Db, firmId: number, targetType: (typeof notes.$inferSelect)['targetType'], targetPk: number) =>
  (
    await db
      .selectDistinct({ pk: notes.authorId })
      .from(notes)
      .where(and(eq(notes.firmId, firmId), eq(notes.targetType, targetType), eq(notes.targetPk, targetPk)))
  ).flatMap((r) => (r.pk === null ? [] : [r.pk]));
