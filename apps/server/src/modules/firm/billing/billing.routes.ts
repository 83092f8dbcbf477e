import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { billingEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { requireActor } from '../../../plugins/auth.js';
import { retrieveBillingInfo } from './billing-info.service.js';
import { cancelSubscription, restartSubscription, startCardChange, startSubscriptionCheckout } from './billing.service.js';
import { receiveStripeWebhook } from './billing-webhook.service.js';

/** The webhook's body, kept as the bytes Stripe signed (the endpoint declares no body: its signature is checked first). */
const rawBody = (request: FastifyRequest) => String(request.body ?? '');
/** One header value; a repeated header is not Stripe's and fails the check. */
const signatureOf = (request: FastifyRequest) => {
  const header = request.headers['stripe-signature'];
  return typeof header === 'string' ? header : undefined;
};

/** Billing under `/api/v1/stripe/`: the firm's subscription, and Stripe's webhooks. */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireActor);
    serveEndpoint(signedIn, e.info, (r) => retrieveBillingInfo(deps, r.actor, { log: r.log }));
    serveEndpoint(signedIn, e.session, (r) => startSubscriptionCheckout(deps, r.actor, {}));
    serveEndpoint(signedIn, e.attachPaymentMethod, (r) => startCardChange(deps, r.actor, {}));
    serveEndpoint(signedIn, e.restart, (r) => restartSubscription(deps, r.actor, {}));
    serveEndpoint(signedIn, e.cancel, (r) => cancelSubscription(deps, r.actor, { log: r.log }));
  });
  await app.register(async (hooks) => {
    // The signature covers the exact bytes Stripe sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    serveEndpoint(hooks, e.webhook, async (r) => ({ received: await receiveStripeWebhook(deps, visitorOf(r), { rawBody: rawBody(r), signature: signatureOf(r) }) }));
  });
};
