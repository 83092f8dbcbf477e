import http from 'node:http';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_CHARGES_FAIL, CARD_DECLINED, CARD_SUCCEEDS } from './cards.js';
import { startStripeSimulator, type StripeSimulator } from './simulator.js';
import { STRIPE_API_VERSION } from './state.js';

const SECRET = 'whsec_test_secret';
let sim: StripeSimulator;
let stripe: Stripe;

const clientFor = (s: StripeSimulator) =>
  new Stripe('sk_test_herd', {
    host: s.host,
    port: s.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
    apiVersion: STRIPE_API_VERSION,
  });

beforeEach(async () => {
  sim = await startStripeSimulator({ prices: [{ id: 'price_seat', unitAmount: 1500, nickname: 'Per company' }] });
  stripe = clientFor(sim);
});
afterEach(async () => sim.close());

const subscriptionCheckout = async (quantity = 3) => {
  const customer = await stripe.customers.create({ email: 'admin@firm.test', name: 'Firm', metadata: { firm_id: '7' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_seat', quantity }],
    success_url: 'http://herd.test/billing/?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://herd.test/billing/',
    client_reference_id: '7',
    subscription_data: { metadata: { firm_id: '7' } },
  });
  return { customer, session };
};

describe('the Stripe simulator through stripe-node', () => {
  it('creates a Checkout session whose hosted page takes 4242 and makes an active subscription with a paid invoice', async () => {
    const { customer, session } = await subscriptionCheckout();
    expect(session.url).toBe(`${sim.url}/pay/${session.id}`);
    expect(session.status).toBe('open');

    const page = await fetch(session.url ?? '');
    expect(await page.text()).toContain('Sandbox Checkout');
    const paid = await fetch(`${sim.url}/pay/${session.id}`, { method: 'POST', body: new URLSearchParams({ card_number: '4242 4242 4242 4242' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://herd.test/billing/?session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const subscription = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, metadata: { firm_id: '7' } });
    expect(subscription.items.data[0]).toMatchObject({ quantity: 3, price: { id: 'price_seat', unit_amount: 1500 } });
    expect(subscription.items.data[0]?.current_period_end).toBeGreaterThan(subscription.items.data[0]?.current_period_start ?? 0);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 4500, parent: { subscription_details: { subscription: subscription.id } } });
    const pdf = await fetch(invoices.data[0]?.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pm = await stripe.paymentMethods.retrieve(String(subscription.default_payment_method));
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('declines 0341 and 0002 when paying now, and refuses a number that is not a card', async () => {
    const { session } = await subscriptionCheckout();
    for (const card of [CARD_CHARGES_FAIL, CARD_DECLINED]) expect(sim.pay(session.id, card)).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(sim.pay(session.id, '1234')).toEqual({ ok: false, message: 'Your card number is incorrect.' });
    const page = await fetch(`${sim.url}/pay/${session.id}`, { method: 'POST', body: new URLSearchParams({ card_number: CARD_DECLINED }) });
    expect(page.status).toBe(402);
    expect(await page.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('saves a 0341 card in setup mode, and the renewal charged to it fails until the subscription is unpaid', async () => {
    const { customer, session } = await subscriptionCheckout(1);
    sim.pay(session.id, CARD_SUCCEEDS);
    const subscriptionId = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const setup = await stripe.checkout.sessions.create({ mode: 'setup', customer: customer.id, currency: 'usd', success_url: 'http://herd.test/ok' });
    expect(sim.pay(setup.id, CARD_CHARGES_FAIL).ok).toBe(true);
    const intent = await stripe.setupIntents.retrieve(String((await stripe.checkout.sessions.retrieve(setup.id)).setup_intent));
    expect(intent.status).toBe('succeeded');
    await stripe.subscriptions.update(subscriptionId, { default_payment_method: String(intent.payment_method) });

    expect(sim.renew(subscriptionId).status).toBe('past_due');
    expect(sim.events('invoice.payment_failed')).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) sim.retryPayment(subscriptionId);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('unpaid');
  });

  it('updates the quantity, cancels at the period end or at once, and previews the next invoice', async () => {
    const { session } = await subscriptionCheckout(2);
    sim.pay(session.id, CARD_SUCCEEDS);
    const id = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const sub = await stripe.subscriptions.retrieve(id);
    const updated = await stripe.subscriptions.update(id, { items: [{ id: sub.items.data[0]?.id ?? '', quantity: 5 }] });
    expect(updated.items.data[0]?.quantity).toBe(5);
    const preview = await stripe.invoices.createPreview({ subscription: id });
    expect(preview.amount_due).toBe(7500);
    expect((await stripe.subscriptions.update(id, { cancel_at_period_end: true })).cancel_at_period_end).toBe(true);
    expect(sim.renew(id).status).toBe('canceled');
    await expect(stripe.subscriptions.cancel(id)).rejects.toThrow(/already been canceled/);
  });

  it('answers Stripe errors that stripe-node maps to its own classes', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x', line_items: [{ price: 'price_nope', quantity: 1 }] })).rejects.toThrow(
      "No such price: 'price_nope'",
    );
    const wrongKey = new Stripe('rk_live_x', { host: sim.host, port: sim.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    await expect(wrongKey.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('gives a retried POST (same Idempotency-Key) the first answer instead of a second customer', async () => {
    const first = await stripe.customers.create({ email: 'a@b.test' }, { idempotencyKey: 'k-1' });
    const again = await stripe.customers.create({ email: 'a@b.test' }, { idempotencyKey: 'k-1' });
    expect(again.id).toBe(first.id);
    expect(sim.state.customers.size).toBe(1);
  });
});

describe('webhook deliveries', () => {
  let receiver: http.Server;
  let received: { body: string; signature: string }[];
  let answer: number;

  beforeEach(async () => {
    received = [];
    answer = 200;
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ body, signature: String(request.headers['stripe-signature']) });
        response.statusCode = answer;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const receiverUrl = () => {
    const address = receiver.address();
    return `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/hook`;
  };

  it('signs every event so that stripe.webhooks.constructEvent accepts it, and a wrong secret does not', async () => {
    sim.configureWebhook(receiverUrl(), SECRET);
    const { session } = await subscriptionCheckout();
    sim.pay(session.id, CARD_SUCCEEDS);
    await sim.webhooksIdle();
    const types = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET).type);
    expect(types).toEqual(expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']));
    const first = received[0];
    expect(() => stripe.webhooks.constructEvent(first?.body ?? '', first?.signature ?? '', 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('retries a delivery that was not answered 2xx, then stops', async () => {
    const local = await startStripeSimulator({ webhookUrl: receiverUrl(), webhookSecret: SECRET, retryDelaysMs: [5, 5] });
    try {
      answer = 500;
      await clientFor(local).customers.create({ email: 'x@y.test' });
      await local.webhooksIdle();
      expect(local.state.webhooks.attempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
        ['customer.created', 1, 500],
        ['customer.created', 2, 500],
        ['customer.created', 3, 500],
      ]);
      answer = 200;
      await clientFor(local).customers.create({ email: 'z@y.test' });
      await local.webhooksIdle();
      expect(local.state.webhooks.attempts.at(-1)).toMatchObject({ attempt: 1, status: 200 });
    } finally {
      await local.close();
    }
  });
});
