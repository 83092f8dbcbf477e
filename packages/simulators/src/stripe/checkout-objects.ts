import type { CheckoutSession, Customer, Metadata, PaymentMethod, SetupIntent } from './types.js';

/**
 * Customers, cards, Checkout sessions and setup intents whole, as a test-mode account answers them:
 * every field the SDK's types say Stripe sends, the ones Herd's flows never set at Stripe's plain
 * values (null, empty, off). `tsc` holds each to the SDK (see `types.ts`).
 */

export const customerObject = (input: { id: string; email: string | null; name: string | null; metadata: Metadata; created: number }): Customer => ({
  id: input.id,
  object: 'customer',
  balance: 0,
  created: input.created,
  default_source: null,
  description: null,
  email: input.email,
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: input.metadata,
  name: input.name,
  shipping: null,
});

export interface TestCardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const cardPaymentMethodObject = (input: { id: string; customer: string; card: TestCardDetails; created: number }): PaymentMethod => ({
  id: input.id,
  object: 'payment_method',
  billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
  card: {
    brand: input.card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: input.card.brand,
    exp_month: input.card.expMonth,
    exp_year: input.card.expYear,
    funding: 'credit',
    generated_from: null,
    last4: input.card.last4,
    networks: { available: [input.card.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  created: input.created,
  customer: input.customer,
  customer_account: null,
  livemode: false,
  metadata: {},
  type: 'card',
});

export interface CheckoutSessionInput {
  id: string;
  mode: 'subscription' | 'setup';
  url: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  successUrl: string;
  cancelUrl: string | null;
  currency: string | null;
  /** What the session charges today: the price times the quantity in subscription mode, nothing in setup mode. */
  amount: number | null;
  created: number;
  expiresAt: number;
}

export const checkoutSessionObject = (input: CheckoutSessionInput): CheckoutSession => ({
  id: input.id,
  object: 'checkout.session',
  adaptive_pricing: null,
  after_expiration: null,
  allow_promotion_codes: null,
  allowed_payment_method_types: null,
  amount_subtotal: input.amount,
  amount_total: input.amount,
  automatic_tax: { enabled: false, liability: null, provider: null, status: null },
  billing_address_collection: null,
  cancel_url: input.cancelUrl,
  client_reference_id: input.clientReferenceId,
  client_secret: null,
  collected_information: null,
  consent: null,
  consent_collection: null,
  created: input.created,
  currency: input.currency,
  currency_conversion: null,
  custom_fields: [],
  custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
  customer: input.customer,
  customer_account: null,
  // Without a customer given, Checkout makes one: a subscription always needs one.
  customer_creation: input.customer ? null : 'always',
  // Filled in from what the person gives on the page, once they have paid (`completedCustomerDetails`).
  customer_details: null,
  customer_email: input.customerEmail,
  discounts: [],
  expires_at: input.expiresAt,
  integration_identifier: null,
  invoice: null,
  invoice_creation: null,
  livemode: false,
  locale: null,
  managed_payments: null,
  metadata: input.metadata,
  mode: input.mode,
  origin_context: null,
  payment_intent: null,
  payment_link: null,
  payment_method_collection: 'always',
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_method_types: ['card'],
  payment_status: input.mode === 'setup' ? 'no_payment_required' : 'unpaid',
  permissions: null,
  recovered_from: null,
  saved_payment_method_options: null,
  setup_intent: null,
  shipping_address_collection: null,
  shipping_cost: null,
  shipping_options: [],
  status: 'open',
  submit_type: null,
  subscription: null,
  success_url: input.successUrl,
  total_details: input.amount === null ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  ui_mode: 'hosted_page',
  url: input.url,
  wallet_options: null,
});

/** What a finished session says of who paid: the customer's email, nothing else asked. */
export const completedCustomerDetails = (email: string | null): NonNullable<CheckoutSession['customer_details']> => ({
  address: null,
  business_name: null,
  email,
  individual_name: null,
  name: null,
  phone: null,
  tax_exempt: 'none',
  tax_ids: [],
});

/** The setup intent of a finished setup-mode Checkout: the card saved for later charges. */
export const succeededSetupIntentObject = (input: { id: string; customer: string; paymentMethod: string; created: number }): SetupIntent => ({
  id: input.id,
  object: 'setup_intent',
  allowed_payment_method_types: null,
  application: null,
  automatic_payment_methods: null,
  cancellation_reason: null,
  client_secret: `${input.id}_secret_sandbox`,
  created: input.created,
  customer: input.customer,
  description: null,
  excluded_payment_method_types: null,
  last_setup_error: null,
  latest_attempt: null,
  livemode: false,
  mandate: null,
  metadata: {},
  next_action: null,
  on_behalf_of: null,
  payment_method: input.paymentMethod,
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_method_types: ['card'],
  single_use_mandate: null,
  status: 'succeeded',
  usage: 'off_session',
});
