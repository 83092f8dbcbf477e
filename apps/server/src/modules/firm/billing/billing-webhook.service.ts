import type Stripe from 'stripe';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { AppError, NotFoundError } from '../../../lib/errors.js';
import { claimStripeEvent, findFirmIdByCustomer, findSubscription, lockSubscription } from './billing.queries.js';
import { queueQuantitySync } from './billing.job.js';
import { applyStripeSubscription, LIVE_STRIPE_STATUSES } from './subscription-sync.service.js';
import { sendPaymentFailed, sendReadOnly, sendWritableAgain } from './billing-notices.service.js';
import { subscriptionIsReadOnly } from './billing-standing.rule.js';
import type { Visitor } from '../../../kernel/visitor.js';

export const BAD_SIGNATURE = 'The Stripe-Signature header is missing or does not match this delivery.';

/** Events that change what Herd records of a subscription (spelt as the SDK spells them); any other is acknowledged and left alone. */
const HANDLED = new Set<Stripe.Event.Type>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * The subscription an event is about: the object itself, a Checkout session's, or an invoice's parent.
 * Events are rendered in the webhook endpoint's own API version, which may be older than the one
 * stripe-node is written for; there an invoice named its subscription on top (`invoice.subscription`,
 * absent from the SDK's types), so that field is still read when the parent is missing.
 */
const subscriptionOf = (event: Stripe.Event): string | null => {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'checkout.session.completed':
      return idOf(event.data.object.subscription);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // Stripe API versions before 2025-03-31 put the subscription on the invoice itself; the SDK types only the new place.
      const older = invoice as { subscription?: string | { id: string } | null };
      return idOf(invoice.parent?.subscription_details?.subscription ?? older.subscription);
    }
    default:
      return null;
  }
};

/** A setup-mode Checkout finished: its card becomes the customer's and the live subscription's default. */
const adoptNewCard = async (db: Db, stripe: Stripe, firmId: number, session: Stripe.Checkout.Session) => {
  const intentId = idOf(session.setup_intent);
  const customerId = idOf(session.customer);
  if (!intentId || !customerId) return;
  const paymentMethod = idOf((await stripe.setupIntents.retrieve(intentId)).payment_method);
  if (!paymentMethod) return;
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod } });
  const row = await findSubscription(db, firmId);
  if (row?.stripeSubscriptionId && row.stripeStatus && LIVE_STRIPE_STATUSES.includes(row.stripeStatus)) {
    await stripe.subscriptions.update(row.stripeSubscriptionId, { default_payment_method: paymentMethod });
  }
};

/**
 * One delivery from Stripe. Its signature is checked on the raw bytes first
 * (a forged or stale one is 400, and does nothing). Each event id is handled
 * once: the claim is written in the transaction that applies it, so a repeat
 * is acknowledged without effect while a delivery that failed half-way is
 * taken again when Stripe retries. What an event says is never trusted as
 * state: the subscription is read from Stripe again, so order does not matter.
 */
export const receiveStripeWebhook = async (
  deps: AppDeps,
  _visitor: Visitor,
  { rawBody, signature }: { rawBody: string; signature: string | undefined },
): Promise<boolean> => {
  const stripe = deps.billing.stripe;
  if (!stripe) throw new NotFoundError('Billing is off on this deployment.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.config.billing.webhookSecret);
  } catch {
    // Whatever fails here (signature, timestamp, a body that is not JSON) comes from the request: it is refused, never a 5xx.
    throw new AppError(400, BAD_SIGNATURE);
  }
  const customerId = idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
  const firmId = customerId ? await findFirmIdByCustomer(deps.db, customerId) : null;
  if (firmId === null || !HANDLED.has(event.type)) {
    await claimStripeEvent(deps.db, { id: event.id, type: event.type, firmId });
    return true;
  }
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
    await adoptNewCard(deps.db, stripe, firmId, event.data.object);
  }
  const subscriptionId = subscriptionOf(event);
  const outcome = await deps.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, firmId);
    if (!(await claimStripeEvent(tx, { id: event.id, type: event.type, firmId }))) return null;
    if (!subscriptionId) return { applied: false, before, after: before };
    const applied = (await applyStripeSubscription(tx, firmId, await stripe.subscriptions.retrieve(subscriptionId))) === 'applied';
    return { applied, before, after: await findSubscription(tx, firmId) };
  });
  if (!outcome) return true;
  // Companies may have been added between Checkout and payment: the quantity is checked once the subscription is known.
  if (outcome.applied && event.type === 'checkout.session.completed') await queueQuantitySync(deps.jobs, firmId);
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    if (invoice.id) await sendPaymentFailed(deps, firmId, invoice.id, invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null);
  }
  await tellChangeOfStanding(deps, firmId, event.id, outcome.before, outcome.after);
  return true;
};

type StandingRow = Awaited<ReturnType<typeof findSubscription>>;

/**
 * A delivery that turned the firm read-only, or writable again, tells its admins. The change is seen by
 * exactly one event (the firm's row is locked while it applies), so the email is keyed by that event.
 */
const tellChangeOfStanding = async (deps: AppDeps, firmId: number, eventId: string, before: StandingRow, after: StandingRow) => {
  if (!before || !after) return;
  const wasReadOnly = subscriptionIsReadOnly(deps.config.billing, before);
  const isReadOnly = subscriptionIsReadOnly(deps.config.billing, after);
  if (!wasReadOnly && isReadOnly) await sendReadOnly(deps, firmId, 'subscription', eventId);
  if (wasReadOnly && !isReadOnly) await sendWritableAgain(deps, firmId, eventId);
};
