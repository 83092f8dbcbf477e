import type Stripe from 'stripe';
import type { ApiList, Conforms, Known } from './sdk-shapes.js';

/**
 * The Stripe objects the simulator keeps and answers, each the SDK's own type for the API version
 * it pins (`Known<Stripe.X>`, see `sdk-shapes.ts`), narrowed only where the simulator always answers
 * one of the SDK's alternatives: it never expands a reference, so a related object is its id, and a
 * field it always fills is not null. A field missing, misnamed or misspelt fails `tsc`.
 */
export type Metadata = Stripe.Metadata;

export interface Price extends Known<Stripe.Price> {
  product: string;
  unit_amount: number;
  recurring: Known<Stripe.Price.Recurring>;
}

export interface Customer extends Known<Stripe.Customer> {
  default_source: string | null;
  invoice_settings: Known<Stripe.Customer.InvoiceSettings> & { default_payment_method: string | null };
}

export interface PaymentMethod extends Known<Stripe.PaymentMethod> {
  customer: string | null;
  card: Known<Stripe.PaymentMethod.Card>;
}

export interface CheckoutSession extends Known<Stripe.Checkout.Session> {
  customer: string | null;
  metadata: Metadata;
  success_url: string;
  subscription: string | null;
  setup_intent: string | null;
  invoice: string | null;
  payment_intent: string | null;
  payment_link: string | null;
}

export interface SetupIntent extends Known<Stripe.SetupIntent> {
  customer: string | null;
  payment_method: string | null;
}

export interface SubscriptionItem extends Known<Stripe.SubscriptionItem> {
  price: Price;
  quantity: number;
}

export type SubscriptionStatus = Subscription['status'];

export interface Subscription extends Known<Stripe.Subscription> {
  customer: string;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  default_payment_method: string | null;
}

export interface InvoiceLine extends Known<Stripe.InvoiceLineItem> {
  subscription: string | null;
}

export interface Invoice extends Known<Stripe.Invoice> {
  customer: string;
  lines: ApiList<InvoiceLine>;
  parent: Known<Stripe.Invoice.Parent> & {
    type: 'subscription_details';
    subscription_details: Known<Stripe.Invoice.Parent.SubscriptionDetails> & { subscription: string; metadata: Metadata };
  };
}

/** What each event the simulator sends carries: its own objects, as above. */
export interface EventObjects {
  'customer.created': Customer;
  'customer.updated': Customer;
  'payment_method.attached': PaymentMethod;
  'setup_intent.succeeded': SetupIntent;
  'checkout.session.completed': CheckoutSession;
  'customer.subscription.created': Subscription;
  'customer.subscription.updated': Subscription;
  'customer.subscription.deleted': Subscription;
  'invoice.created': Invoice;
  'invoice.paid': Invoice;
  'invoice.payment_succeeded': Invoice;
  'invoice.payment_failed': Invoice;
}
export type EventType = keyof EventObjects;

type SdkEvent<T extends EventType> = Extract<Stripe.Event, { type: T }>;

/** One event as Stripe sends it: the SDK's envelope, its `data` the object (and, for an update, what changed) the SDK says that type carries. */
export type StripeEventOf<T extends EventType> = Known<Omit<Stripe.EventBase, 'type' | 'data'>> & {
  type: T;
  data: { object: EventObjects[T]; previous_attributes?: Partial<EventObjects[T]> };
};
export type StripeEvent = { [T in EventType]: StripeEventOf<T> }[EventType];

/** The check that holds `EventObjects` to the SDK: each event type carries what the SDK says it carries. */
export type EventsConform = Conforms<{ [T in EventType]: StripeEventOf<T>['data'] }, { [T in EventType]: Known<SdkEvent<T>['data']> }>;

/** A Stripe API error, answered as `{"error": {...}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: NonNullable<Known<Stripe.StripeRawError>['type']>,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
}

export const missing = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
