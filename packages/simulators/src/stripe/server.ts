import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import { apiRoutes } from './api.routes.js';
import { hostedRoutes, type OwnerCheck } from './hosted.routes.js';
import type { StripeState } from './state.js';
import type { Known } from './sdk-shapes.js';
import { StripeApiError } from './types.js';

export interface StripePluginOptions {
  state: StripeState;
  /**
   * Whether this browser may see a hosted page (Checkout, an invoice) of the customer or session
   * with these metadata, as a host serving the simulator to people decides it; without it, anyone
   * with the link may (Stripe's own pages are capability links).
   */
  mayView?: OwnerCheck;
}

const FORM = 'application/x-www-form-urlencoded';

const authorised = (state: StripeState, header: string | undefined): boolean => {
  const key = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!key) return false;
  return state.options.secretKey ? key === state.options.secretKey : key.startsWith('sk_test_');
};

/**
 * The Stripe simulator as an encapsulated Fastify plugin: `/v1/…` (the API,
 * Bearer `sk_test_…`), `/pay/{session}` (the hosted Checkout page) and
 * `/invoices/{id}` (hosted invoices and their PDFs). Register it under a prefix
 * of a host app or on its own server.
 */
export async function stripeSimulatorPlugin(app: FastifyInstance, { state, mayView }: StripePluginOptions): Promise<void> {
  // Stripe bodies are forms with bracket nesting: kept as text and parsed by the routes.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError | StripeApiError, _request, reply) => sendError(error, reply));

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        reply.header('request-id', `req_${state.newId('sim').slice(4)}`).header('stripe-version', request.headers['stripe-version'] ?? '');
        if (!authorised(state, request.headers.authorization)) {
          throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided. The sandbox takes any sk_test_ key unless it was given one.');
        }
      });
      // A retried POST (same Idempotency-Key) gets the first answer back instead of creating again, as Stripe does.
      api.addHook('preHandler', async (request, reply) => {
        const key = request.headers['idempotency-key'];
        if (request.method !== 'POST' || typeof key !== 'string') return;
        const earlier = state.idempotentAnswers.get(`${request.url} ${key}`);
        if (earlier !== undefined) return reply.header('idempotent-replayed', 'true').send(earlier);
      });
      api.addHook('onSend', async (request, reply, payload) => {
        const key = request.headers['idempotency-key'];
        if (request.method === 'POST' && typeof key === 'string' && reply.statusCode < 500 && typeof payload === 'string') {
          state.idempotentAnswers.set(`${request.url} ${key}`, JSON.parse(payload) as unknown);
        }
        return payload;
      });
      await api.register(apiRoutes(state));
    },
    { prefix: '/v1' },
  );
  await app.register(hostedRoutes(state, mayView));
}

/** Stripe's error body, `{"error": {...}}`, in the fields the SDK reads an error from. */
type ErrorBody = { error: Known<Stripe.StripeRawError> };

function sendError(error: FastifyError | StripeApiError, reply: FastifyReply): FastifyReply {
  if (error instanceof StripeApiError) {
    return reply.status(error.status).send({ error: { type: error.type, message: error.message, ...error.extra } } satisfies ErrorBody);
  }
  const status = error.statusCode ?? 500;
  if (status < 500) return reply.status(status).send({ error: { type: 'invalid_request_error', message: error.message } } satisfies ErrorBody);
  reply.log.error(error);
  return reply.status(500).send({ error: { type: 'api_error', message: 'The simulator failed: see its log.' } } satisfies ErrorBody);
}
