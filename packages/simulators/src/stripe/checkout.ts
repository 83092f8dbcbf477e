import { readTestCard } from './cards.js';
import { cardPaymentMethodObject, checkoutSessionObject, completedCustomerDetails, customerObject, succeededSetupIntentObject } from './checkout-objects.js';
import { formString, formStringMap, type FormObject } from './form.js';
import { change } from './sdk-shapes.js';
import type { StripeState } from './state.js';
import { createPaidSubscription } from './subscriptions.js';
import { StripeApiError, missing, type CheckoutSession, type Customer, type PaymentMethod } from './types.js';

const invalid = (message: string, param: string) => new StripeApiError(400, 'invalid_request_error', message, { param });

export const createCustomer = (state: StripeState, form: FormObject): Customer => {
  const customer = customerObject({
    id: state.newId('cus'),
    email: formString(form, 'email') ?? null,
    name: formString(form, 'name') ?? null,
    metadata: formStringMap(form.metadata),
    created: state.nowSeconds(),
  });
  state.customers.set(customer.id, customer);
  state.emit('customer.created', customer);
  return customer;
};

export const getCustomer = (state: StripeState, id: string): Customer => {
  const customer = state.customers.get(id);
  if (!customer) throw missing('customer', id);
  return customer;
};

export const updateCustomer = (state: StripeState, id: string, form: FormObject): Customer => {
  const customer = getCustomer(state, id);
  const pmId = formString(form, 'invoice_settings', 'default_payment_method');
  if (pmId !== undefined) {
    const pm = state.paymentMethods.get(pmId);
    if (!pm || pm.customer !== customer.id) throw invalid(`No such PaymentMethod: '${pmId}'`, 'invoice_settings[default_payment_method]');
    customer.invoice_settings.default_payment_method = pm.id;
  }
  for (const field of ['email', 'name'] as const) {
    const value = formString(form, field);
    if (value !== undefined) customer[field] = value;
  }
  if (form.metadata) customer.metadata = { ...customer.metadata, ...formStringMap(form.metadata) };
  state.emit('customer.updated', customer);
  return customer;
};

/** `POST /v1/checkout/sessions` in `subscription` or `setup` mode, checked as Stripe checks them. */
export const createCheckoutSession = (state: StripeState, form: FormObject): CheckoutSession => {
  const mode = formString(form, 'mode');
  if (mode !== 'subscription' && mode !== 'setup') throw invalid('Invalid mode: must be one of subscription or setup (the simulator speaks no payment mode).', 'mode');
  const successUrl = formString(form, 'success_url');
  if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
  const customer = formString(form, 'customer') ?? null;
  if (customer) getCustomer(state, customer);
  let currency: string | null = formString(form, 'currency') ?? null;
  let amount: number | null = null;
  if (mode === 'subscription') {
    const priceId = formString(form, 'line_items', '0', 'price');
    if (!priceId) throw invalid('Missing required param: line_items[0][price].', 'line_items[0][price]');
    const price = state.prices.get(priceId);
    if (!price) throw invalid(`No such price: '${priceId}'`, 'line_items[0][price]');
    const quantity = Number(formString(form, 'line_items', '0', 'quantity') ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1) throw invalid('Quantity must be a positive integer.', 'line_items[0][quantity]');
    currency = price.currency;
    amount = price.unit_amount * quantity;
  } else if (!currency && !form.payment_method_types) {
    throw invalid('Missing required param: currency.', 'currency');
  }
  const id = state.newId('cs_test');
  const now = state.nowSeconds();
  const session = checkoutSessionObject({
    id,
    mode,
    url: `${state.publicUrl}/pay/${id}`,
    customer,
    customerEmail: formString(form, 'customer_email') ?? null,
    clientReferenceId: formString(form, 'client_reference_id') ?? null,
    metadata: formStringMap(form.metadata),
    successUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
    cancelUrl: formString(form, 'cancel_url') ?? null,
    currency,
    amount,
    created: now,
    expiresAt: now + 24 * 3600,
  });
  state.checkoutSessions.set(id, session);
  state.checkoutDetails.set(id, {
    priceId: formString(form, 'line_items', '0', 'price') ?? null,
    quantity: Number(formString(form, 'line_items', '0', 'quantity') ?? '1'),
    subscriptionMetadata: formStringMap((form.subscription_data as FormObject | undefined)?.metadata),
  });
  return session;
};

export const getCheckoutSession = (state: StripeState, id: string): CheckoutSession => {
  const session = state.checkoutSessions.get(id);
  if (!session) throw missing('checkout.session', id);
  return session;
};

export type CheckoutOutcome = { ok: true; redirectTo: string; session: CheckoutSession } | { ok: false; message: string };

const customerFor = (state: StripeState, session: CheckoutSession): string => {
  if (session.customer) return session.customer;
  const customer = createCustomer(state, { email: session.customer_email ?? '' });
  session.customer = customer.id;
  return customer.id;
};

const attachCard = (state: StripeState, customerId: string, card: NonNullable<ReturnType<typeof readTestCard>>): PaymentMethod => {
  const now = state.nowSeconds();
  const pm: PaymentMethod = cardPaymentMethodObject({
    id: state.newId('pm'),
    customer: customerId,
    card: { brand: card.brand, last4: card.last4, expMonth: 12, expYear: new Date(now * 1000).getUTCFullYear() + 3 },
    created: now,
  });
  state.paymentMethods.set(pm.id, pm);
  if (card.chargesFail) state.failingPaymentMethods.add(pm.id);
  state.emit('payment_method.attached', pm);
  return pm;
};

/**
 * Someone "pays" on the hosted page: the card is read as Stripe's test cards
 * behave. Subscription mode charges at once (so 0341 and 0002 are declined and
 * the session stays open); setup mode only saves the card (0341 is accepted).
 */
export const completeCheckout = (state: StripeState, sessionId: string, cardNumber: string): CheckoutOutcome => {
  const session = getCheckoutSession(state, sessionId);
  if (session.status !== 'open') return { ok: false, message: 'This checkout session is no longer open.' };
  const card = readTestCard(cardNumber);
  if (!card) return { ok: false, message: 'Your card number is incorrect.' };
  if (card.declinedAtOnce || (card.chargesFail && session.mode === 'subscription')) return { ok: false, message: 'Your card was declined.' };
  const customerId = customerFor(state, session);
  const pm = attachCard(state, customerId, card);
  const details = state.checkoutDetails.get(session.id);
  if (session.mode === 'subscription') {
    const price = state.prices.get(details?.priceId ?? '');
    if (!price) return { ok: false, message: 'This checkout session has no price.' };
    const customer = getCustomer(state, customerId);
    customer.invoice_settings.default_payment_method = pm.id;
    const subscription = createPaidSubscription(state, {
      customer: customerId,
      price,
      quantity: details?.quantity ?? 1,
      metadata: details?.subscriptionMetadata ?? {},
      paymentMethod: pm.id,
    });
    change(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, url: null });
  } else {
    const intent = succeededSetupIntentObject({ id: state.newId('seti'), customer: customerId, paymentMethod: pm.id, created: state.nowSeconds() });
    state.setupIntents.set(intent.id, intent);
    state.emit('setup_intent.succeeded', intent);
    change(session, { status: 'complete', setup_intent: intent.id, url: null });
  }
  session.customer_details = completedCustomerDetails(getCustomer(state, customerId).email);
  state.emit('checkout.session.completed', session);
  return { ok: true, redirectTo: session.success_url, session };
};
