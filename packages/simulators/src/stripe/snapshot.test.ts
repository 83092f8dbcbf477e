import { describe, expect, it } from 'vitest';
import { CARD_SUCCEEDS } from './cards.js';
import { completeCheckout, createCheckoutSession, createCustomer } from './checkout.js';
import { restoreStripeState, snapshotStripeState } from './snapshot.js';
import { createStripeState, type StripeSimulatorOptions } from './state.js';
import { renewSubscription } from './subscriptions.js';

const OPTIONS: StripeSimulatorOptions = { prices: [{ id: 'price_seat', unitAmount: 2000 }] };

describe('a Stripe simulator saved and restored', () => {
  it('keeps its customers, subscriptions and invoices, its clock and its invoice numbering', () => {
    const state = createStripeState(OPTIONS);
    const customer = createCustomer(state, { email: 'admin@firm.test', metadata: { firm_id: '7' } });
    const session = createCheckoutSession(state, {
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_seat', quantity: '3' }],
      success_url: 'http://herd.test/',
    });
    const paid = completeCheckout(state, session.id, CARD_SUCCEEDS);
    expect(paid.ok).toBe(true);
    const [subscription] = state.subscriptions.values();
    renewSubscription(state, subscription!.id);

    const restored = restoreStripeState(OPTIONS, JSON.parse(JSON.stringify(snapshotStripeState(state))));
    expect([...restored.customers.values()]).toEqual([...state.customers.values()]);
    expect(restored.subscriptions.get(subscription!.id)).toEqual(state.subscriptions.get(subscription!.id));
    expect([...restored.invoices.values()]).toEqual([...state.invoices.values()]);
    expect(restored.checkoutSessions.get(session.id)).toEqual(state.checkoutSessions.get(session.id));
    expect(restored.events.map((e) => e.id)).toEqual(state.events.map((e) => e.id));
    // The renewal moved the clock a month on; the restored one stands there too.
    expect(Math.abs(restored.nowSeconds() - state.nowSeconds())).toBeLessThanOrEqual(1);
    expect(restored.nextInvoiceNumber()).toBe(state.nextInvoiceNumber());
  });
});
