/** The Stripe objects the simulator keeps, in the shapes of API version 2026-10-28 (periods on items, invoice parents). */
export type Metadata = Record<string, string>;

export interface Price {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  nickname: string | null;
  product: string;
  type: 'recurring';
  recurring: { interval: 'month'; interval_count: 1; usage_type: 'licensed' };
  livemode: false;
  created: number;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  created: number;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  customer: string | null;
  livemode: false;
  created: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  subscription: string | null;
  setup_intent: string | null;
  currency: string | null;
  livemode: false;
  created: number;
  expires_at: number;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  payment_method: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  usage: 'off_session';
  livemode: false;
  created: number;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  created: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_end: number | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  metadata: Metadata;
  currency: string;
  start_date: number;
  created: number;
  livemode: false;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  number: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'upcoming';
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } };
  livemode: false;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
  pending_webhooks: number;
}

/** A Stripe API error, answered as `{"error": {...}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error' | 'idempotency_error',
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
}

export const missing = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
