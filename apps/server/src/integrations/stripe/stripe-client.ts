import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '@herd/simulators';
import type { BillingSettings } from '../../modules/firm/billing/stripe.port.js';

/**
 * The API version Herd is written against, pinned so Stripe (and the simulator) answer in the shapes Herd reads:
 * the one stripe-node's types are written for (the simulator's constant is checked against it, so no cast is needed).
 */
export const HERD_STRIPE_API_VERSION: Stripe.LatestApiVersion = STRIPE_API_VERSION;

const baseOptions = (timeoutMs: number) => ({ apiVersion: HERD_STRIPE_API_VERSION, maxNetworkRetries: 2, timeout: timeoutMs, telemetry: false });

/** stripe-node pointed at Stripe, or at `STRIPE_BASE_URL` (a simulator elsewhere) through its host, port and protocol. */
export const createStripeClient = (settings: BillingSettings, timeoutMs: number): Stripe => {
  if (!settings.baseUrl) return new Stripe(settings.secretKey, baseOptions(timeoutMs));
  const url = new URL(settings.baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, { ...baseOptions(timeoutMs), host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
};

/** stripe-node talking to the in-process sandbox through a fetch of Herd's own choosing (no port, no network). */
export const createSandboxStripeClient = (settings: BillingSettings, timeoutMs: number, fetchFn: typeof fetch): Stripe =>
  new Stripe(settings.secretKey, {
    ...baseOptions(timeoutMs),
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    host: 'sandbox.stripe.internal',
    port: 80,
    protocol: 'http',
  });
