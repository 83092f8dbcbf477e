import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { LIST_STATUSES } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { notifications, pushDevices, pushStates, transactions } from '../../../db/schema/index.js';
import { restrictionWhere, type AccountRestrictions } from '../../../kernel/account-scope.js';

export type PushDeviceRow = typeof pushDevices.$inferSelect;

export const findDevices = (db: Db, userId: number) => db.select().from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(pushDevices.pk);

/**
 * Records a device, or updates the one with the same subscription: a browser that subscribes again
 * (a new key, another person signed in on it) keeps one row, now the signed-in person's.
 */
export const upsertDevice = async (db: Db, row: Pick<PushDeviceRow, 'userId' | 'endpointHash' | 'subscription' | 'label' | 'timeZone'>) => {
  const [device] = await db
    .insert(pushDevices)
    .values(row)
    .onConflictDoUpdate({ target: pushDevices.endpointHash, set: { userId: row.userId, subscription: row.subscription, label: row.label, timeZone: row.timeZone } })
    .returning();
  return device!;
};

export const deleteDevice = async (db: Db, userId: number, pk: number) =>
  (
    await db
      .delete(pushDevices)
      .where(and(eq(pushDevices.pk, pk), eq(pushDevices.userId, userId)))
      .returning({ pk: pushDevices.pk })
  ).length > 0;

export const deleteDeviceByPk = (db: Db, pk: number) => db.delete(pushDevices).where(eq(pushDevices.pk, pk));

export const markDeviceSent = (db: Db, pk: number, at: Date) => db.update(pushDevices).set({ lastSentAt: at }).where(eq(pushDevices.pk, pk));

export const findState = async (db: Db, userId: number) => (await db.select().from(pushStates).where(eq(pushStates.userId, userId)))[0] ?? null;

/** A person's push state, made when they first turn a device on: only news from then on is pushed. */
export const ensureState = (db: Db, userId: number) => db.insert(pushStates).values({ userId }).onConflictDoNothing();

export const saveQuietHours = (db: Db, userId: number, quiet: { start: string; end: string } | null) =>
  db
    .insert(pushStates)
    .values({ userId, quietStart: quiet?.start ?? null, quietEnd: quiet?.end ?? null })
    .onConflictDoUpdate({ target: pushStates.userId, set: { quietStart: quiet?.start ?? null, quietEnd: quiet?.end ?? null } });

/**
 * Something new since the person's last push may be waiting: a bell notification, a transaction of one
 * of their companies, a request come due. A rough first sift, so the sweep that runs every minute looks
 * closer (restrictions, statuses) only at the few people with something new, not at everyone with a device.
 */
const mayHaveNews = sql`(
  exists (select 1 from notifications n where n.user_id = ${pushStates.userId} and n.created_at > ${pushStates.pushedThrough} and n.read_at is null and n.hidden_at is null)
  or exists (select 1 from client_memberships m join transactions t on t.client_company_id = m.client_company_id
    where m.user_id = ${pushStates.userId} and not t.is_hidden and t.status = 'READY' and t.created_at > ${pushStates.pushedThrough})
  or exists (select 1 from request_arrival_notices r where r.user_id = ${pushStates.userId} and r.kind <> 'ARRIVED' and r.created_at > ${pushStates.pushedThrough})
)`;

/** People with a device, something new and a last push at least a quarter hour old: those the sweep may push to now. */
export const findDueStates = (db: Db, notAfter: Date, limit: number) =>
  db
    .select()
    .from(pushStates)
    .where(
      and(
        or(isNull(pushStates.lastPushAt), lte(pushStates.lastPushAt, notAfter)),
        sql`exists (select 1 from ${pushDevices} d where d.user_id = ${pushStates.userId})`,
        mayHaveNews,
      ),
    )
    .orderBy(pushStates.userId)
    .limit(limit);

/**
 * Takes a person's turn: their last push becomes `at`, unless another sweep took it meanwhile
 * (answers false). What was pushed (`pushed_through`) moves only once the push went.
 */
export const claimTurn = async (db: Db, userId: number, notAfter: Date, at: Date) =>
  (
    await db
      .update(pushStates)
      .set({ lastPushAt: at })
      .where(and(eq(pushStates.userId, userId), or(isNull(pushStates.lastPushAt), lte(pushStates.lastPushAt, notAfter))))
      .returning({ userId: pushStates.userId })
  ).length > 0;

export const markPushedThrough = (db: Db, userId: number, through: Date) => db.update(pushStates).set({ pushedThrough: through }).where(eq(pushStates.userId, userId));

/** A person's bell since `since` that they have not read or cleared: how many, and the newest two. */
export const newBellItems = async (db: Db, userId: number, since: Date, through: Date) => {
  const where = and(
    eq(notifications.userId, userId),
    gt(notifications.createdAt, since),
    lte(notifications.createdAt, through),
    isNull(notifications.readAt),
    isNull(notifications.hiddenAt),
  );
  const newest = await db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.pk)).limit(2);
  const total = newest.length < 2 ? newest.length : (await db.select({ n: count() }).from(notifications).where(where))[0]!.n;
  return { total, newest };
};

/** Transactions waiting for the client that arrived in one company since `since`, within what the person may see. */
export const countNewQuestions = async (db: Db, companyPk: number, restrictions: AccountRestrictions, since: Date, through: Date) =>
  (
    await db
      .select({ n: count() })
      .from(transactions)
      .where(
        and(
          eq(transactions.clientCompanyId, companyPk),
          eq(transactions.isHidden, false),
          inArray(transactions.status, [...LIST_STATUSES.clientActive]),
          gt(transactions.createdAt, since),
          lte(transactions.createdAt, through),
          restrictionWhere(restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
        ),
      )
  )[0]!.n;

/** Gives a turn back when nothing was delivered, so the next run tries again rather than a quarter hour later. */
export const releaseTurn = (db: Db, userId: number, lastPushAt: Date | null) => db.update(pushStates).set({ lastPushAt }).where(eq(pushStates.userId, userId));

/** Whether any device of the person took a push after `since`. */
export const pushedSince = async (db: Db, userId: number, since: Date) =>
  (
    await db
      .select({ n: count() })
      .from(pushDevices)
      .where(and(eq(pushDevices.userId, userId), gt(pushDevices.lastSentAt, since)))
  )[0]!.n > 0;
