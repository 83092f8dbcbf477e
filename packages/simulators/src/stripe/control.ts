import { completeCheckout, type CheckoutOutcome } from './checkout.js';
import type { StripeState } from './state.js';
import { cancelSubscription, renewSubscription, retryLatestInvoice } from './subscriptions.js';
import type { StripeEvent, Subscription } from './types.js';

/** What tests and the sandbox may do that Stripe's API does not offer: pay a session, move time, configure webhooks. */
export interface StripeControl {
  /** Pays (or fails to pay) a Checkout session as a person on its hosted page would. */
  pay(sessionId: string, cardNumber: string): CheckoutOutcome;
  /** Ends the current period of a subscription: renewal charged, or the end of a cancelled one. */
  renew(subscriptionId: string): Subscription;
  /** Retries the latest failed invoice (the fourth failure marks the subscription unpaid). */
  retryPayment(subscriptionId: string): Subscription;
  /** Cancels at once, as the Stripe dashboard would. */
  cancel(subscriptionId: string): Subscription;
  configureWebhook(url: string, secret: string): void;
  /** Holds deliveries back (events are still recorded) until called with false. */
  pauseWebhooks(paused: boolean): void;
  /** Waits until every webhook delivery has finished (retries included). */
  webhooksIdle(): Promise<void>;
  events(type?: string): StripeEvent[];
}

export const createStripeControl = (state: StripeState): StripeControl => ({
  pay: (sessionId, cardNumber) => completeCheckout(state, sessionId, cardNumber),
  renew: (id) => renewSubscription(state, id),
  retryPayment: (id) => retryLatestInvoice(state, id),
  cancel: (id) => cancelSubscription(state, id),
  configureWebhook: (url, secret) => state.webhooks.configure(url, secret),
  pauseWebhooks: (paused) => {
    state.webhooks.paused = paused;
  },
  webhooksIdle: () => state.webhooks.idle(),
  events: (type) => state.events.filter((e) => !type || e.type === type),
});
