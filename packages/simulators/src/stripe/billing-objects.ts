import type Stripe from 'stripe';
import type { Known } from './sdk-shapes.js';
import type { Invoice, InvoiceLine, Metadata, Price, Subscription, SubscriptionItem } from './types.js';

/**
 * Prices, subscriptions and invoices whole, as a test-mode account answers them: every field the
 * SDK's types say Stripe sends, the ones Herd's flows never set at Stripe's plain values (no tax, no
 * discounts, charged automatically). `tsc` holds each to the SDK (see `types.ts`).
 */

export const monthlyPriceObject = (input: { id: string; unitAmount: number; currency: string; nickname: string | null; created: number }): Price => ({
  id: input.id,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: input.created,
  currency: input.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: input.nickname,
  product: `prod_${input.id}`,
  recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: input.unitAmount,
  unit_amount_decimal: String(input.unitAmount),
});

/** The legacy plan Stripe still sends beside each subscription item's price, mirroring it. */
const planOf = (price: Price): Known<Stripe.Plan> => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: String(price.unit_amount),
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  interval: price.recurring.interval,
  interval_count: price.recurring.interval_count,
  livemode: false,
  metadata: {},
  meter: null,
  nickname: price.nickname,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: price.recurring.usage_type,
});

export const subscriptionItemObject = (input: {
  id: string;
  subscription: string;
  price: Price;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  created: number;
}): SubscriptionItem => ({
  id: input.id,
  object: 'subscription_item',
  billing_thresholds: null,
  created: input.created,
  current_period_end: input.periodEnd,
  current_period_start: input.periodStart,
  current_trial: null,
  discounts: [],
  metadata: {},
  plan: planOf(input.price),
  price: input.price,
  quantity: input.quantity,
  subscription: input.subscription,
  tax_rates: [],
});

export const activeSubscriptionObject = (input: {
  id: string;
  customer: string;
  item: SubscriptionItem;
  metadata: Metadata;
  defaultPaymentMethod: string;
  created: number;
}): Subscription => ({
  id: input.id,
  object: 'subscription',
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: input.created,
  billing_cycle_anchor_config: null,
  billing_mode: { flexible: null, type: 'classic' },
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
  collection_method: 'charge_automatically',
  created: input.created,
  currency: input.item.price.currency,
  customer: input.customer,
  customer_account: null,
  days_until_due: null,
  default_payment_method: input.defaultPaymentMethod,
  default_source: null,
  description: null,
  discounts: [],
  ended_at: null,
  invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
  items: { object: 'list', data: [input.item], has_more: false, url: `/v1/subscription_items?subscription=${input.id}` },
  latest_invoice: null,
  livemode: false,
  managed_payments: null,
  metadata: input.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: input.created,
  status: 'active',
  test_clock: null,
  transfer_data: null,
  trial_end: null,
  trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
  trial_start: null,
});

/** One line per subscription item: its price times its quantity for the period. */
const invoiceLineObject = (id: string, invoice: string | null, subscription: Subscription, item: SubscriptionItem, period: InvoiceLine['period']): InvoiceLine => {
  const quantity = item.quantity ?? 1;
  const amount = item.price.unit_amount * quantity;
  return {
    id,
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${String(quantity)} × ${item.price.nickname ?? item.price.id}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period,
    pretax_credit_amounts: [],
    pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: String(item.price.unit_amount) },
    quantity,
    quantity_decimal: String(quantity),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
};

export interface InvoiceInput {
  /** `in_…`; a preview's is `upcoming_in_…`, and it has no number, page or PDF. */
  id: string;
  preview: boolean;
  subscription: Subscription;
  customer: { email: string | null; name: string | null };
  reason: NonNullable<Invoice['billing_reason']>;
  number: string | null;
  periodStart: number;
  periodEnd: number;
  /** Where a browser reads it and its PDF; null for a preview. */
  pages: { hosted: string; pdf: string } | null;
  lineId: () => string;
  created: number;
}

/** An invoice of a subscription, finalised and open (or a draft preview), charging each item's price times its quantity. */
export const subscriptionInvoiceObject = (input: InvoiceInput): Invoice => {
  const { subscription } = input;
  const period = { start: input.periodStart, end: input.periodEnd };
  const lines = subscription.items.data.map((item) => invoiceLineObject(input.lineId(), input.preview ? null : input.id, subscription, item, period));
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: input.id,
    object: 'invoice',
    account_country: 'US',
    account_name: null,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.preview ? null : input.created,
    ending_balance: input.preview ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: input.pages?.hosted ?? null,
    invoice_pdf: input.pages?.pdf ?? null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${input.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: input.preview ? input.periodStart : null,
    number: input.number,
    on_behalf_of: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.preview ? 'draft' : 'open',
    status_transitions: { finalized_at: input.preview ? null : input.created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
};
