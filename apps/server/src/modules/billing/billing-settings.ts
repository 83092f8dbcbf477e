import { createHmac } from 'node:crypto';
import type { Env } from '../../config-env.js';

/** The price of the built-in sandbox, per active client company and month. */
export const SANDBOX_PRICE_ID = 'price_sandbox_per_company';
export const SANDBOX_SECRET_KEY = 'sk_test_herd_builtin_sandbox';

/**
 * `off`: a deployment that bills nobody (no trial, no expiry, never read-only for billing).
 * `stripe`: Stripe itself (or the host of `STRIPE_BASE_URL`, a simulator elsewhere).
 * `sandbox`: no key set, so Herd serves a Stripe simulator itself and bills against it.
 */
export type BillingMode = 'off' | 'stripe' | 'sandbox';

export interface BillingSettings {
  mode: BillingMode;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where stripe-node sends its requests instead of api.stripe.com; null is Stripe itself (or the in-process sandbox). */
  baseUrl: string | null;
}

/** Without a Stripe key and without sandboxes (production's default) nobody is billed: there is nowhere to pay. */
export const parseBillingSettings = (
  env: Partial<Pick<Env, 'BILLING' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_ID' | 'STRIPE_BASE_URL'>>,
  secretKey: string,
  sandboxes = true,
): BillingSettings => {
  const mode: BillingMode = env.BILLING === 'off' ? 'off' : env.STRIPE_SECRET_KEY ? 'stripe' : sandboxes ? 'sandbox' : 'off';
  if (mode === 'stripe') {
    return {
      mode,
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      priceId: env.STRIPE_PRICE_ID ?? '',
      baseUrl: env.STRIPE_BASE_URL ?? null,
    };
  }
  // The sandbox's webhook secret is derived from SECRET_KEY, so it is stable across restarts and unknown outside the install.
  const webhookSecret = `whsec_${createHmac('sha256', secretKey).update('herd-stripe-sandbox-webhooks').digest('hex').slice(0, 32)}`;
  return { mode, secretKey: SANDBOX_SECRET_KEY, webhookSecret, priceId: SANDBOX_PRICE_ID, baseUrl: null };
};
