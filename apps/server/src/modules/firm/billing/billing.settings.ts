import { createHmac } from 'node:crypto';
import type { Env } from '../../../config-env.js';

/** The price of the built-in sandbox, per active client company and month. */
export const SANDBOX_PRICE_ID = 'price_sandbox_per_company';

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
  // The sandbox's API key and webhook secret are derived from SECRET_KEY: stable across restarts, unknown outside the install (its API is on Herd's own port).
  const derived = (label: string) => createHmac('sha256', secretKey).update(label).digest('hex').slice(0, 32);
  return {
    mode,
    secretKey: `sk_test_${derived('herd-stripe-sandbox-key')}`,
    webhookSecret: `whsec_${derived('herd-stripe-sandbox-webhooks')}`,
    priceId: SANDBOX_PRICE_ID,
    baseUrl: null,
  };
};
