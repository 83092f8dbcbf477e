import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { Clock } from '../qbo/clock.js';
import { monthlyPriceObject } from './billing-objects.js';
import type {
  CheckoutSession,
  Customer,
  EventObjects,
  EventType,
  Invoice,
  PaymentMethod,
  Price,
  SetupIntent,
  StripeEvent,
  StripeEventOf,
  Subscription,
} from './types.js';
import { WebhookSender, type WebhookSenderOptions } from './webhook-sender.js';

/** The API version whose shapes the simulator answers in: the one the pinned SDK is written for (`tsc` fails if they part). */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripePriceSeed {
  id: string;
  unitAmount: number;
  currency?: string;
  nickname?: string;
}

export interface StripeSimulatorOptions extends WebhookSenderOptions {
  /** Any `sk_test_…` is accepted when omitted; otherwise only this key. */
  secretKey?: string;
  /** Where browsers reach the simulator (hosted Checkout pages, invoice PDFs), without a trailing slash. */
  publicUrl?: string;
  prices?: StripePriceSeed[];
  /** Test clocks: the simulator's time starts here (ms). */
  startMs?: number;
  port?: number;
  host?: string;
}

export const DEFAULT_PRICE: StripePriceSeed = { id: 'price_sandbox_per_company', unitAmount: 2000, currency: 'usd', nickname: 'Per client company, monthly' };

/** The simulator's memory: every object by id, the events in order, the clock and the webhook sender. */
export class StripeState {
  readonly clock: Clock;
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly checkoutSessions = new Map<string, CheckoutSession>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  /** What each Checkout session will buy; Stripe keeps line items apart from the session object too. */
  readonly checkoutDetails = new Map<string, { priceId: string | null; quantity: number; subscriptionMetadata: Record<string, string> }>();
  readonly events: StripeEvent[] = [];
  /** Cards that fail every charge, by payment method id. */
  readonly failingPaymentMethods = new Set<string>();
  /** Answers already given, by idempotency key, so a retried POST does not create twice. */
  readonly idempotentAnswers = new Map<string, unknown>();
  readonly webhooks: WebhookSender;
  publicUrl: string;
  /** Invoices numbered so far; a saved simulator keeps it (snapshot.ts). */
  invoiceCount = 0;

  constructor(readonly options: StripeSimulatorOptions = {}) {
    this.clock = new Clock(options.startMs);
    this.publicUrl = options.publicUrl ?? 'http://127.0.0.1';
    this.webhooks = new WebhookSender(options);
    for (const seed of options.prices ?? [DEFAULT_PRICE]) this.addPrice(seed);
  }

  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  nextInvoiceNumber(): string {
    this.invoiceCount += 1;
    return `SANDBOX-${String(this.invoiceCount).padStart(4, '0')}`;
  }

  addPrice(seed: StripePriceSeed): Price {
    const price = monthlyPriceObject({
      id: seed.id,
      unitAmount: seed.unitAmount,
      currency: seed.currency ?? 'usd',
      nickname: seed.nickname ?? null,
      created: this.nowSeconds(),
    });
    this.prices.set(price.id, price);
    return price;
  }

  /** Records an event (a deep copy of the object as it is now) and hands it to the webhook sender. */
  emit<T extends EventType>(type: T, object: EventObjects[T], previousAttributes?: Partial<EventObjects[T]>): StripeEventOf<T> {
    const event: StripeEventOf<T> = {
      id: this.newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.nowSeconds(),
      livemode: false,
      type,
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}) },
      request: { id: null, idempotency_key: null },
      pending_webhooks: this.webhooks.configured ? 1 : 0,
    };
    // T is one of the event types, so this is that member of the union (TypeScript does not narrow a generic to it).
    const recorded = event as StripeEvent;
    this.events.push(recorded);
    this.webhooks.enqueue(recorded, this.nowSeconds());
    return event;
  }
}

export const createStripeState = (options: StripeSimulatorOptions = {}) => new StripeState(options);
