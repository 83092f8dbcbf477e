import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { quickbooksEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { ledgerConnectionRoutes } from '../../../modules/books/ledger-connections/ledger-connections.routes.js';
import type { QboContext } from '../qbo-context.js';
import { QBO_STATE_COOKIE } from './qbo-http-settings.js';
import { qboOAuthRoutes } from './qbo-oauth.routes.js';
import { receiveWebhook } from './qbo-webhook.js';

/** The webhook's body, kept as the string Intuit sent (the endpoint declares no body: its signature is checked first). */
const rawBody = (request: FastifyRequest) => String(request.body ?? '');

/**
 * Everything QuickBooks Online serves under `/api/v1/quickbooks/`: its own
 * HTTP (Intuit's OAuth callbacks, sign-up, webhooks) and the generic
 * reconnect / profile / sync endpoints of a ledger. The app registers it.
 */
export const qboRoutes: FastifyPluginAsync<{ qbo: QboContext }> = async (app, { qbo }) => {
  await app.register(qboOAuthRoutes, { qbo });
  await app.register(ledgerConnectionRoutes, { kind: 'QBO', stateCookie: QBO_STATE_COOKIE, endpoints: e });

  await app.register(async (hooks) => {
    // The signature covers the exact bytes Intuit sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    serveEndpoint(hooks, e.webhook, async (r) => ({
      received: await receiveWebhook(app.deps, qbo.settings.webhookVerifierToken, rawBody(r), r.headers['intuit-signature'] as string | undefined),
    }));
  });
};
