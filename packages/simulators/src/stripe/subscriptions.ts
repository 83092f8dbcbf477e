import { activeSubscriptionObject, subscriptionInvoiceObject, subscriptionItemObject } from './billing-objects.js';
import { change } from './sdk-shapes.js';
import type { StripeState } from './state.js';
import { StripeApiError, missing, type Invoice, type Metadata, type Price, type Subscription } from './types.js';

const MONTH_SECONDS = 30 * 24 * 3600;
/** After this many failed attempts on one invoice the subscription is marked unpaid (Stripe's "mark as unpaid" setting). */
export const FAILED_ATTEMPTS_BEFORE_UNPAID = 4;

export const getSubscription = (state: StripeState, id: string): Subscription => {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw missing('subscription', id);
  return subscription;
};

const chargeablePaymentMethod = (state: StripeState, subscription: Subscription): string | null =>
  subscription.default_payment_method ?? state.customers.get(subscription.customer)?.invoice_settings.default_payment_method ?? null;

/** Whom an invoice is addressed to, as the customer is now. */
const addresseeOf = (state: StripeState, subscription: Subscription) => {
  const customer = state.customers.get(subscription.customer);
  return { email: customer?.email ?? null, name: customer?.name ?? null };
};

const newInvoice = (state: StripeState, subscription: Subscription, reason: NonNullable<Invoice['billing_reason']>, periodStart: number, periodEnd: number): Invoice => {
  const id = state.newId('in');
  return subscriptionInvoiceObject({
    id,
    preview: false,
    subscription,
    customer: addresseeOf(state, subscription),
    reason,
    number: state.nextInvoiceNumber(),
    periodStart,
    periodEnd,
    pages: { hosted: `${state.publicUrl}/invoices/${id}`, pdf: `${state.publicUrl}/invoices/${id}/pdf` },
    lineId: () => state.newId('il'),
    created: state.nowSeconds(),
  });
};

/** The invoice paid now: nothing left to collect. */
const markPaid = (state: StripeState, invoice: Invoice) =>
  change(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: state.nowSeconds() },
  });

/** Tries to collect an open invoice from the subscription's card: paid, or one more failed attempt. */
const attemptPayment = (state: StripeState, subscription: Subscription, invoice: Invoice): boolean => {
  const card = chargeablePaymentMethod(state, subscription);
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (card && !state.failingPaymentMethods.has(card)) {
    markPaid(state, invoice);
    state.emit('invoice.paid', invoice);
    state.emit('invoice.payment_succeeded', invoice);
    return true;
  }
  invoice.next_payment_attempt = invoice.attempt_count < FAILED_ATTEMPTS_BEFORE_UNPAID ? state.nowSeconds() + 3 * 24 * 3600 : null;
  state.emit('invoice.payment_failed', invoice);
  return false;
};

const setStatus = (state: StripeState, subscription: Subscription, status: Subscription['status']) => {
  if (subscription.status === status) return;
  const previous = subscription.status;
  subscription.status = status;
  state.emit('customer.subscription.updated', subscription, { status: previous });
};

/** A subscription paid by Checkout: active from now for a month, its first invoice paid with the card just given. */
export const createPaidSubscription = (
  state: StripeState,
  input: { customer: string; price: Price; quantity: number; metadata: Metadata; paymentMethod: string },
): Subscription => {
  const now = state.nowSeconds();
  const id = state.newId('sub');
  const item = subscriptionItemObject({
    id: state.newId('si'),
    subscription: id,
    price: input.price,
    quantity: input.quantity,
    periodStart: now,
    periodEnd: now + MONTH_SECONDS,
    created: now,
  });
  const subscription = activeSubscriptionObject({
    id,
    customer: input.customer,
    item,
    metadata: input.metadata,
    defaultPaymentMethod: input.paymentMethod,
    created: now,
  });
  const invoice = newInvoice(state, subscription, 'subscription_create', now, now + MONTH_SECONDS);
  subscription.latest_invoice = invoice.id;
  state.subscriptions.set(id, subscription);
  state.invoices.set(invoice.id, invoice);
  state.emit('customer.subscription.created', subscription);
  state.emit('invoice.created', invoice);
  change(markPaid(state, invoice), { attempt_count: 1, attempted: true });
  state.emit('invoice.paid', invoice);
  state.emit('invoice.payment_succeeded', invoice);
  return subscription;
};

const ended = (subscription: Subscription) => subscription.status === 'canceled' || subscription.status === 'incomplete_expired';

/** `DELETE /v1/subscriptions/{id}`: cancelled now. */
export const cancelSubscription = (state: StripeState, id: string): Subscription => {
  const subscription = getSubscription(state, id);
  if (ended(subscription)) throw new StripeApiError(400, 'invalid_request_error', 'This subscription has already been canceled.', { code: 'resource_missing' });
  const now = state.nowSeconds();
  change(subscription, {
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    cancel_at_period_end: false,
    cancel_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' },
  });
  state.emit('customer.subscription.deleted', subscription);
  return subscription;
};

export interface SubscriptionChanges {
  quantity?: number;
  itemId?: string;
  cancelAtPeriodEnd?: boolean;
  defaultPaymentMethod?: string;
  metadata?: Metadata;
}

/** `POST /v1/subscriptions/{id}`: quantity, cancelling at the period's end (or not), the card. */
export const updateSubscription = (state: StripeState, id: string, changes: SubscriptionChanges): Subscription => {
  const subscription = getSubscription(state, id);
  if (ended(subscription)) throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
  const previous: Partial<Subscription> = {};
  if (changes.quantity !== undefined) {
    const item = changes.itemId ? subscription.items.data.find((i) => i.id === changes.itemId) : subscription.items.data[0];
    if (!item) throw missing('subscription_item', changes.itemId ?? '');
    if (item.quantity !== changes.quantity) {
      previous.items = structuredClone(subscription.items);
      item.quantity = changes.quantity;
    }
  }
  if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
    subscription.cancel_at = changes.cancelAtPeriodEnd ? (subscription.items.data[0]?.current_period_end ?? null) : null;
  }
  if (changes.defaultPaymentMethod !== undefined) {
    const pm = state.paymentMethods.get(changes.defaultPaymentMethod);
    if (!pm || pm.customer !== subscription.customer) throw missing('payment_method', changes.defaultPaymentMethod);
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = pm.id;
  }
  if (changes.metadata) subscription.metadata = { ...subscription.metadata, ...changes.metadata };
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', subscription, previous);
  return subscription;
};

/**
 * The period ends (a test clock moving on): a subscription set to cancel ends;
 * otherwise the next month is invoiced and charged. A failed charge makes it
 * past_due; the fourth failure on one invoice makes it unpaid.
 */
export const renewSubscription = (state: StripeState, id: string): Subscription => {
  const subscription = getSubscription(state, id);
  if (ended(subscription)) return subscription;
  const item = subscription.items.data[0];
  if (!item) return subscription;
  state.clock.advance(Math.max(0, (item.current_period_end - state.nowSeconds()) * 1000));
  if (subscription.cancel_at_period_end) return cancelSubscription(state, id);
  const start = item.current_period_end;
  for (const each of subscription.items.data) change(each, { current_period_start: start, current_period_end: start + MONTH_SECONDS });
  const invoice = newInvoice(state, subscription, 'subscription_cycle', start, start + MONTH_SECONDS);
  state.invoices.set(invoice.id, invoice);
  subscription.latest_invoice = invoice.id;
  state.emit('invoice.created', invoice);
  const paid = attemptPayment(state, subscription, invoice);
  setStatus(state, subscription, paid ? 'active' : 'past_due');
  return subscription;
};

/** Stripe's smart retry of the latest open invoice; paid makes the subscription active again. */
export const retryLatestInvoice = (state: StripeState, id: string): Subscription => {
  const subscription = getSubscription(state, id);
  const invoice = subscription.latest_invoice ? state.invoices.get(subscription.latest_invoice) : undefined;
  if (!invoice || invoice.status !== 'open' || ended(subscription)) return subscription;
  if (attemptPayment(state, subscription, invoice)) setStatus(state, subscription, 'active');
  else if (invoice.attempt_count >= FAILED_ATTEMPTS_BEFORE_UNPAID) setStatus(state, subscription, 'unpaid');
  return subscription;
};

/** `POST /v1/invoices/create_preview` for a subscription: what its next invoice will charge, a draft with no number or page. */
export const previewNextInvoice = (state: StripeState, subscriptionId: string): Invoice => {
  const subscription = getSubscription(state, subscriptionId);
  const start = subscription.items.data[0]?.current_period_end ?? state.nowSeconds();
  return subscriptionInvoiceObject({
    id: state.newId('upcoming_in'),
    preview: true,
    subscription,
    customer: addresseeOf(state, subscription),
    reason: 'upcoming',
    number: null,
    periodStart: start,
    periodEnd: start + MONTH_SECONDS,
    pages: null,
    lineId: () => state.newId('il_tmp'),
    created: state.nowSeconds(),
  });
};
