import { checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import { createStripeState, type StripeSimulatorOptions, type StripeState } from './state.js';
import type { CheckoutSession, Customer, Invoice, PaymentMethod, Price, SetupIntent, StripeEvent, Subscription } from './types.js';

/** 2: the objects whole, in every field the SDK's types name (a layout-1 snapshot lacks most of them). */
const VERSION = 2;

/** The newest events kept: Stripe itself lists events of the last 30 days only, and they are copies of objects kept anyway. */
const EVENTS_KEPT = 1_000;

type CheckoutDetails = StripeState['checkoutDetails'] extends Map<string, infer D> ? D : never;

/**
 * What a Stripe simulator holds that outlives a restart: every object (prices, customers, payment
 * methods, Checkout sessions and what they buy, setup intents, subscriptions, invoices), the cards
 * set to fail, the answers kept for idempotency keys, the newest events, the invoice numbering and
 * the clock's offset (a renewal moves it on). Not kept: webhook deliveries under way.
 */
export interface StripeSnapshot extends SnapshotHeader<'stripe'> {
  clockOffsetMs: number;
  invoiceCount: number;
  prices: Price[];
  customers: Customer[];
  paymentMethods: PaymentMethod[];
  checkoutSessions: CheckoutSession[];
  checkoutDetails: [string, CheckoutDetails][];
  setupIntents: SetupIntent[];
  subscriptions: Subscription[];
  invoices: Invoice[];
  events: StripeEvent[];
  failingPaymentMethods: string[];
  idempotentAnswers: [string, unknown][];
}

export function snapshotStripeState(state: StripeState): StripeSnapshot {
  return {
    kind: 'stripe',
    version: VERSION,
    clockOffsetMs: state.clock.offsetMs,
    invoiceCount: state.invoiceCount,
    prices: [...state.prices.values()],
    customers: [...state.customers.values()],
    paymentMethods: [...state.paymentMethods.values()],
    checkoutSessions: [...state.checkoutSessions.values()],
    checkoutDetails: [...state.checkoutDetails],
    setupIntents: [...state.setupIntents.values()],
    subscriptions: [...state.subscriptions.values()],
    invoices: [...state.invoices.values()],
    events: state.events.slice(-EVENTS_KEPT),
    failingPaymentMethods: [...state.failingPaymentMethods],
    idempotentAnswers: [...state.idempotentAnswers],
  };
}

const refill = <T extends { id: string }>(map: Map<string, T>, items: T[]) => {
  map.clear();
  for (const item of items) map.set(item.id, item);
};

/**
 * A simulator with `options` (its webhook endpoint and delivery) holding what the snapshot kept;
 * prices the options name that the snapshot lacks are added. Throws on anything but a Stripe
 * snapshot of this layout.
 */
export function restoreStripeState(options: StripeSimulatorOptions, snapshot: unknown): StripeState {
  checkSnapshot(snapshot, 'stripe', VERSION);
  const saved = snapshot as StripeSnapshot;
  const state = createStripeState(options);
  state.clock.offsetMs = saved.clockOffsetMs;
  state.invoiceCount = saved.invoiceCount;
  for (const price of saved.prices) state.prices.set(price.id, price);
  refill(state.customers, saved.customers);
  refill(state.paymentMethods, saved.paymentMethods);
  refill(state.checkoutSessions, saved.checkoutSessions);
  refill(state.setupIntents, saved.setupIntents);
  refill(state.subscriptions, saved.subscriptions);
  refill(state.invoices, saved.invoices);
  for (const [id, details] of saved.checkoutDetails) state.checkoutDetails.set(id, details);
  state.events.push(...saved.events);
  for (const id of saved.failingPaymentMethods) state.failingPaymentMethods.add(id);
  for (const [key, answer] of saved.idempotentAnswers) state.idempotentAnswers.set(key, answer);
  return state;
}
