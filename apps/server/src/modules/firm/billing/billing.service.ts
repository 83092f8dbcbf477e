import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../../../app-deps.js';
import { ConflictError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, type FirmActor } from '../../../kernel/permissions.js';
import { billableQuantity } from './billing.job.js';
import { retrieveBillingInfo } from './billing-info.service.js';
import { countActiveCompanies, findFirmForCustomer, findSubscription, updateSubscription } from './billing.queries.js';
import { LIVE_STRIPE_STATUSES, syncSubscriptionFromStripe } from './subscription-sync.service.js';
import type { NoInput } from '../../../lib/service.js';

/** Where Checkout sends the browser back: the billing page, saying how it went. */
export const BILLING_PAGE = '/settings/accountant/billing/';

const messages = {
  off: 'Billing is off on this deployment.',
  active: 'Your firm already has an active subscription.',
  noCustomer: 'There is no card to change yet: subscribe first, and the card is given at checkout.',
  nothingToCancel: 'There is no active subscription to cancel.',
  noFirm: 'Your firm has no billing record.',
};

/** The firm admin and Stripe, or 403 / 409 before anything is sent to Stripe. */
const admin = (deps: AppDeps, actor: Actor): { firmActor: FirmActor; stripe: Stripe } => {
  const firmActor = can.administerFirm(actor);
  const stripe = deps.billing.stripe;
  if (!stripe) throw new ConflictError(messages.off);
  return { firmActor, stripe };
};

const liveRow = (row: Awaited<ReturnType<typeof findSubscription>>) =>
  !!row?.stripeSubscriptionId && !!row.stripeStatus && LIVE_STRIPE_STATUSES.includes(row.stripeStatus);

const returnUrl = (deps: AppDeps, outcome: string) => `${deps.config.appUrl}${BILLING_PAGE}?checkout=${outcome}`;

/** The firm's Stripe customer, created on first need (one per firm, named after it, its id recorded). */
const ensureCustomer = async (deps: AppDeps, stripe: Stripe, firmActor: FirmActor): Promise<string> => {
  const row = await findSubscription(deps.db, firmActor.firmId);
  if (!row) throw new ConflictError(messages.noFirm);
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const firm = await findFirmForCustomer(deps.db, firmActor.firmId, firmActor.userId);
  const customer = await stripe.customers.create(
    { name: firm.name, ...(firm.email ? { email: firm.email } : {}), metadata: { firm_id: String(firmActor.firmId) } },
    // Two clicks at once make one customer: Stripe answers the same key with the first answer.
    { idempotencyKey: `herd-firm-${String(firmActor.firmId)}-customer` },
  );
  await updateSubscription(deps.db, firmActor.firmId, { stripeCustomerId: customer.id });
  return customer.id;
};

/** Checkout in subscription mode for the firm's active companies (at least one), at the configured price. */
const subscriptionCheckout = async (deps: AppDeps, stripe: Stripe, firmActor: FirmActor) => {
  const customer = await ensureCustomer(deps, stripe, firmActor);
  const firmId = String(firmActor.firmId);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: deps.config.billing.priceId, quantity: billableQuantity(await countActiveCompanies(deps.db, firmActor.firmId)) }],
    client_reference_id: firmId,
    metadata: { firm_id: firmId },
    subscription_data: { metadata: { firm_id: firmId } },
    success_url: returnUrl(deps, 'success'),
    cancel_url: returnUrl(deps, 'cancelled'),
  });
  await writeAudit(deps.db, { firmId: firmActor.firmId, actorUserId: firmActor.userId, action: 'billing.checkout', details: { session: session.id } });
  return { url: session.url };
};

/** `stripe/session/`: pay for the subscription (a trial, an expired trial or a cancelled firm). */
export const startSubscriptionCheckout = async (deps: AppDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, stripe } = admin(deps, actor);
  if (liveRow(await findSubscription(deps.db, firmActor.firmId))) throw new ConflictError(messages.active);
  return subscriptionCheckout(deps, stripe, firmActor);
};

/** `stripe/attach-payment-method/`: a setup-mode Checkout; the webhook makes the new card the default. */
export const startCardChange = async (deps: AppDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, stripe } = admin(deps, actor);
  const row = await findSubscription(deps.db, firmActor.firmId);
  if (!row?.stripeCustomerId) throw new ConflictError(messages.noCustomer);
  const price = await stripe.prices.retrieve(deps.config.billing.priceId);
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: row.stripeCustomerId,
    currency: price.currency,
    metadata: { firm_id: String(firmActor.firmId) },
    success_url: returnUrl(deps, 'card-saved'),
    cancel_url: returnUrl(deps, 'cancelled'),
  });
  return { url: session.url };
};

/**
 * `stripe/restart-subscription/`: a cancellation still pending is undone
 * (nothing to pay, `url` null); an ended subscription is replaced through
 * Checkout, as a first one would be.
 */
export const restartSubscription = async (deps: AppDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, stripe } = admin(deps, actor);
  const row = await findSubscription(deps.db, firmActor.firmId);
  if (liveRow(row) && row?.stripeSubscriptionId) {
    if (!row.cancelAtPeriodEnd) throw new ConflictError(messages.active);
    await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: false });
    await syncSubscriptionFromStripe(deps.db, stripe, firmActor.firmId, row.stripeSubscriptionId);
    await writeAudit(deps.db, { firmId: firmActor.firmId, actorUserId: firmActor.userId, action: 'billing.restart' });
    return { url: null };
  }
  return subscriptionCheckout(deps, stripe, firmActor);
};

/** `stripe/cancel-subscription/`: ends at the close of the period already paid; until then the firm works as before. */
export const cancelSubscription = async (deps: AppDeps, actor: Actor, { log }: { log: FastifyBaseLogger }) => {
  const { firmActor, stripe } = admin(deps, actor);
  const row = await findSubscription(deps.db, firmActor.firmId);
  if (!liveRow(row) || !row?.stripeSubscriptionId) throw new ConflictError(messages.nothingToCancel);
  await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: true });
  await syncSubscriptionFromStripe(deps.db, stripe, firmActor.firmId, row.stripeSubscriptionId);
  await writeAudit(deps.db, { firmId: firmActor.firmId, actorUserId: firmActor.userId, action: 'billing.cancel' });
  return retrieveBillingInfo(deps, actor, { log });
};
