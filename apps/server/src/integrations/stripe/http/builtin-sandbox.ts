import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changedOnWrite, keepSandbox } from '../../../modules/people/sandboxes/sandboxes.face.js';
import { sandboxVisitor } from '../../../modules/people/sandboxes/sandboxes.face.js';
import type Stripe from 'stripe';
import {
  createStripeControl,
  createStripeState,
  restoreStripeState,
  snapshotStripeState,
  stripeSimulatorPlugin,
  type StripeControl,
  type StripeSimulatorOptions,
} from '@herd/simulators';
import { API_PREFIX, billingEndpoints } from '@herd/contract';
import type { Config } from '../../../config.js';
import { SANDBOX_PRICE_ID } from '../../../modules/firm/billing/billing.settings.js';
import { createSandboxStripeClient } from '../stripe-client.js';

/** A Checkout page or invoice of the sandbox is shown only to a signed-in member of the firm it bills (its `firm_id`). */
const firmsOwnPage = async (request: FastifyRequest, metadata: Readonly<Record<string, string>>) => {
  const visitor = await sandboxVisitor(request);
  return visitor !== null && metadata.firm_id === String(visitor.firmId);
};

/** Where the built-in Stripe sandbox lives on Herd's own port: its hosted Checkout pages and invoices. */
export const STRIPE_SANDBOX_PATH = '/sandbox/stripe';
const SANDBOX_PRICE_CENTS = 2000;

/**
 * Without a Stripe key, Herd serves a Stripe simulator itself (the one the
 * tests use) so a fresh install can go through trial → pay → read-only →
 * restart with no account anywhere. Browsers reach its Checkout pages at
 * `/sandbox/stripe/pay/…`, a signed-in member of the firm billed only; stripe-node and the webhook deliveries go through
 * `app.inject`, in process. Its customers, subscriptions, invoices and clock
 * are kept in DATA_DIR/sandboxes/stripe.json, so after a restart a firm's
 * subscription is still there to renew, change or cancel
 * (sandbox-state-file.service.ts says when it is in memory only).
 */
export const mountStripeSandbox = async (app: FastifyInstance, config: Config): Promise<{ control: StripeControl; stripe: Stripe } | null> => {
  if (config.billing.mode !== 'sandbox') return null;
  const options: StripeSimulatorOptions = {
    secretKey: config.billing.secretKey,
    publicUrl: `${config.appUrl}${STRIPE_SANDBOX_PATH}`,
    prices: [{ id: SANDBOX_PRICE_ID, unitAmount: SANDBOX_PRICE_CENTS, currency: 'usd', nickname: 'Herd (sandbox), per active client company' }],
    webhookUrl: `${API_PREFIX}/${billingEndpoints.webhook.path}`,
    webhookSecret: config.billing.webhookSecret,
    retryDelaysMs: [1_000, 10_000, 60_000],
    deliver: async (url, headers, body) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
  };
  const kept = keepSandbox(app, config, 'stripe', {
    fresh: () => createStripeState(options),
    restore: (saved) => restoreStripeState(options, saved),
    snapshot: snapshotStripeState,
  });
  const state = kept.state;
  await app.register(
    async (mounted) => {
      // stripe-node's calls come through here too (by app.inject), so every write Herd makes is seen.
      mounted.addHook('onResponse', changedOnWrite(kept));
      await mounted.register(stripeSimulatorPlugin, { state, mayView: firmsOwnPage });
    },
    { prefix: STRIPE_SANDBOX_PATH },
  );
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${STRIPE_SANDBOX_PATH}${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(answer.body, { status: answer.statusCode, headers: answer.headers as Record<string, string> });
  };
  return { control: createStripeControl(state), stripe: createSandboxStripeClient(config.billing, config.outboundTimeoutMs, fetchFn) };
};
