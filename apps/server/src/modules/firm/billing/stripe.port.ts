import type Stripe from 'stripe';
import type { StripeControl } from '@herd/simulators';
import type { BillingSettings } from './billing.settings.js';

export type { BillingSettings };

/**
 * What Herd needs of Stripe: its official SDK, whose typed methods are the port (Herd calls no other),
 * pinned to the API version it was written for (integrations/stripe/stripe-client.ts makes it). The
 * billing services reach the settings, that client (null when billing is off) and, in the built-in
 * sandbox, the simulator's controls.
 */
export interface BillingContext {
  settings: BillingSettings;
  stripe: Stripe | null;
  sandbox: StripeControl | null;
}
