import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { lockSubscription, updateSubscription } from './billing.queries.js';

/** Stripe statuses in which the subscription still bills (and the firm may work). */
export const LIVE_STRIPE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/**
 * Herd's status from Stripe's. Paid while Stripe considers the subscription
 * live, past_due included (Stripe is still retrying the card; the page warns);
 * cancelled once it ended or Stripe gave up on payment (unpaid). A
 * subscription whose first payment never completed (incomplete, or expired
 * that way) was never paid for: the firm keeps the status it had.
 */
export const herdStatusFor = (stripeStatus: Stripe.Subscription.Status, current: SubscriptionStatus): SubscriptionStatus => {
  if (LIVE_STRIPE_STATUSES.includes(stripeStatus)) return 'PAID';
  if (stripeStatus === 'canceled' || stripeStatus === 'unpaid' || stripeStatus === 'paused') return 'CANCELLED';
  return current;
};

export type SyncOutcome = 'applied' | 'ignored';

/**
 * Writes what Stripe says of a subscription *now* onto the firm. Callers pass
 * the subscription as just retrieved from Stripe, never an event's copy, so
 * events arriving late, twice or out of order all converge on Stripe's
 * current state. A subscription other than the firm's current one is taken
 * up only when it still bills and the current one does not (a restart); late
 * news of an older, ended subscription is ignored.
 *
 * Runs inside the caller's transaction, with the firm's row locked.
 */
export const applyStripeSubscription = async (tx: Db, firmId: number, subscription: Stripe.Subscription): Promise<SyncOutcome> => {
  const row = await lockSubscription(tx, firmId);
  if (!row) return 'ignored';
  const isCurrent = row.stripeSubscriptionId === null || row.stripeSubscriptionId === subscription.id;
  if (!isCurrent) {
    const candidateLive = LIVE_STRIPE_STATUSES.includes(subscription.status);
    const currentLive = row.stripeStatus !== null && LIVE_STRIPE_STATUSES.includes(row.stripeStatus);
    if (!candidateLive || currentLive) return 'ignored';
  }
  const item = subscription.items.data[0];
  await updateSubscription(tx, firmId, {
    stripeSubscriptionId: subscription.id,
    stripeStatus: subscription.status,
    status: herdStatusFor(subscription.status, row.status),
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    billedQuantity: item?.quantity ?? null,
  });
  return 'applied';
};

/** Retrieves the subscription from Stripe and applies it in one transaction, the firm's row locked meanwhile. */
export const syncSubscriptionFromStripe = async (db: Db, stripe: Stripe, firmId: number, subscriptionId: string): Promise<SyncOutcome> =>
  db.transaction(async (tx) => {
    await lockSubscription(tx, firmId);
    return applyStripeSubscription(tx, firmId, await stripe.subscriptions.retrieve(subscriptionId));
  });
