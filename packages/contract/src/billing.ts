import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './enums.js';

/** How billing runs on this deployment: Stripe, the built-in Stripe sandbox, or not at all (`BILLING=off`). */
export const BILLING_MODES = ['stripe', 'sandbox', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const billingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  created: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});

/**
 * The firm's billing, as `stripe/retrieve-billing-info/` answers it. Everyone
 * signed in reads `status` (the read-only banner needs it); only a firm admin
 * gets the plan, card and invoices, which are null or empty for others.
 */
export const billingInfo = z.object({
  mode: z.enum(BILLING_MODES),
  /** Null when billing is off or the user belongs to no firm. */
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  read_only: z.boolean(),
  can_manage: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** Stripe's own status of the subscription (`active`, `past_due`, …). */
  subscription_status: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
  plan: z.object({ name: z.string(), unit_amount: z.number().int(), currency: z.string(), interval: z.string() }).nullable(),
  quantity: z.number().int().nullable(),
  active_companies: z.number().int().nullable(),
  next_invoice: z.object({ amount_due: z.number().int(), currency: z.string(), date: z.string().nullable() }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoices: z.array(billingInvoice),
  /** Set when Stripe could not be reached: the status above is Herd's own record. */
  stripe_unavailable: z.boolean(),
});
export type BillingInfo = z.infer<typeof billingInfo>;

/** Where to send the browser: Stripe Checkout (or the sandbox's), or null when nothing needs paying. */
export const checkoutRedirect = z.object({ url: z.string().nullable() });

export const stripeWebhookResult = z.object({ received: z.boolean() });
