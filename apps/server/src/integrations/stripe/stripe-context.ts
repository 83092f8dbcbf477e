import type { Config } from '../../config.js';
import type { BillingContext } from '../../modules/firm/billing/stripe.port.js';
import { createStripeClient } from './stripe-client.js';

/** Stripe when a key is set; for the sandbox the client is set once the simulator is mounted (`mountStripeSandbox`); nothing when billing is off. */
export const createBillingContext = (config: Config): BillingContext => ({
  settings: config.billing,
  stripe: config.billing.mode === 'stripe' ? createStripeClient(config.billing, config.outboundTimeoutMs) : null,
  sandbox: null,
});
