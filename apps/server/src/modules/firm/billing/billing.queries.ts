import { and, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, firms, stripeEvents, subscriptions, users } from '../../../db/schema/index.js';

// The firm is the tenant: every query names it, except the lookups by Stripe's ids (which belong to one firm each) and the sweeps.

export const findSubscription = async (db: Db, firmId: number) => {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.firmId, firmId));
  return row ?? null;
};

/** The firm's row locked for this transaction, so two webhooks for one firm apply one after the other. */
export const lockSubscription = async (db: Db, firmId: number) => {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.firmId, firmId)).for('update');
  return row ?? null;
};

export const findFirmIdByCustomer = async (db: Db, customerId: string) => {
  const [row] = await db.select({ firmId: subscriptions.firmId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId));
  return row?.firmId ?? null;
};

export const updateSubscription = async (db: Db, firmId: number, values: Partial<typeof subscriptions.$inferInsert>) => {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.firmId, firmId))
    .returning();
  return row ?? null;
};

/** Claims a Stripe event id; false when it was handled before (a retry or a replay). */
export const claimStripeEvent = async (db: Db, event: { id: string; type: string; firmId: number | null }) => {
  const rows = await db
    .insert(stripeEvents)
    .values({ eventId: event.id, type: event.type, firmId: event.firmId })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.eventId });
  return rows.length === 1;
};

export const deleteStripeEventsBefore = (db: Db, before: Date) => db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, before));

/** Client companies billed for: every one not disconnected. */
export const countActiveCompanies = async (db: Db, firmId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.firmId, firmId), ne(clientCompanies.connectionState, 'DISCONNECTED')));
  return row?.n ?? 0;
};

/** Trials past their end become TRIAL_EXPIRED; answers the firms that changed. Running it again changes nothing. */
export const expireEndedTrials = async (db: Db, now: Date) =>
  db
    .update(subscriptions)
    .set({ status: 'TRIAL_EXPIRED', updatedAt: now })
    .where(and(eq(subscriptions.status, 'TRIAL'), isNotNull(subscriptions.trialEndsAt), lt(subscriptions.trialEndsAt, now)))
    .returning({ firmId: subscriptions.firmId, trialEndsAt: subscriptions.trialEndsAt });

/** Firms with a Stripe subscription that may still bill (for the hourly quantity check). */
export const firmsWithLiveSubscriptions = async (db: Db) => {
  const rows = await db
    .select({ firmId: subscriptions.firmId })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.stripeSubscriptionId), inArray(subscriptions.stripeStatus, ['active', 'past_due', 'trialing'])));
  return rows.map((r) => r.firmId);
};

/** The firm's name and its first admin's email, for the Stripe customer. */
export const findFirmForCustomer = async (db: Db, firmId: number, userId: number) => {
  const [firm] = await db.select({ name: firms.companyName }).from(firms).where(eq(firms.pk, firmId));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.pk, userId));
  return { name: firm?.name ?? '', email: user?.email ?? null };
};

/** The subscription of the firm a company belongs to, for the jobs that work on the company. */
export const findSubscriptionOfCompany = async (db: Db, companyPk: number) => {
  const [row] = await db
    .select({ status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt })
    .from(clientCompanies)
    .innerJoin(subscriptions, eq(subscriptions.firmId, clientCompanies.firmId))
    .where(eq(clientCompanies.pk, companyPk));
  return row ?? null;
};
