import type { AppDeps } from '../../../app-deps.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { countActiveCompanies, expireEndedTrials, findSubscription, firmsWithLiveSubscriptions } from './billing.queries.js';
import { applyStripeSubscription, LIVE_STRIPE_STATUSES } from './subscription-sync.service.js';
import { sendReadOnly, sendTrialCountdown } from './billing-notices.service.js';

/** Stripe bills at least one company: a firm that has none yet still holds a seat. */
export const billableQuantity = (activeCompanies: number) => Math.max(1, activeCompanies);

/** After a company is added or disconnected: one waiting check per firm at most. */
export const queueQuantitySync = (jobs: JobQueue, firmId: number) => jobs.send('billing-quantity', { firmId }, `firm-${String(firmId)}`);

/**
 * Keeps the quantity Stripe bills equal to the firm's active client
 * companies. Reads both sides afresh, so running it twice (or after a change
 * that undid itself) does nothing; Stripe prorates the change.
 */
export const syncBilledQuantity = async (deps: AppDeps, firmId: number): Promise<void> => {
  const stripe = deps.billing.stripe;
  if (!stripe) return;
  const row = await findSubscription(deps.db, firmId);
  if (!row?.stripeSubscriptionId || !row.stripeStatus || !LIVE_STRIPE_STATUSES.includes(row.stripeStatus)) return;
  const wanted = billableQuantity(await countActiveCompanies(deps.db, firmId));
  const subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
  const item = subscription.items.data[0];
  if (!item || !LIVE_STRIPE_STATUSES.includes(subscription.status)) return;
  const current =
    item.quantity === wanted
      ? subscription
      : await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: wanted }], proration_behavior: 'create_prorations' });
  await deps.db.transaction((tx) => applyStripeSubscription(tx, firmId, current));
};

/**
 * The hourly billing sweep: trials past their end become TRIAL_EXPIRED (the
 * sign-in check already treats them so; this records it), and every paying
 * firm's quantity is checked, in case a change was missed. The admins of a
 * firm whose trial ends within 7 days get the countdown emails, and those of
 * a firm it just expired are told it is read-only (each email once, keyed).
 */
export const runBillingSweep = async (deps: AppDeps, now = new Date()): Promise<{ expired: number[]; trialNotices: number[] }> => {
  if (deps.config.billing.mode === 'off') return { expired: [], trialNotices: [] };
  const ended = await expireEndedTrials(deps.db, now);
  for (const { firmId, trialEndsAt } of ended) await sendReadOnly(deps, firmId, 'trial', trialEndsAt!.toISOString());
  const trialNotices = await sendTrialCountdown(deps, now);
  for (const firmId of await firmsWithLiveSubscriptions(deps.db)) await queueQuantitySync(deps.jobs, firmId);
  return { expired: ended.map((r) => r.firmId), trialNotices };
};
