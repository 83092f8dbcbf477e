import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerConnectionRoutes } from '../../../modules/ledger-connections/ledger-connections.routes.js';
import type { QboContext } from '../qbo-context.js';
import { QBO_PATHS } from '../qbo-settings.js';
import { QBO_STATE_COOKIE, QBO_TAG, QBO_TAGS } from './qbo-http-settings.js';
import { qboOAuthRoutes } from './qbo-oauth.routes.js';
import { receiveWebhook } from './qbo-webhook.js';

/**
 * Everything QuickBooks Online serves under `/api/v1/quickbooks/`: its own
 * HTTP (Intuit's OAuth callbacks, sign-up, webhooks) and the generic
 * reconnect / profile / sync endpoints of a ledger. The app registers it.
 */
export const qboRoutes: FastifyPluginAsyncZod<{ qbo: QboContext }> = async (app, { qbo }) => {
  await app.register(qboOAuthRoutes, { qbo });
  await app.register(ledgerConnectionRoutes, { kind: 'QBO', stateCookie: QBO_STATE_COOKIE, tag: QBO_TAG });

  await app.register(async (hooks) => {
    // The signature covers the exact bytes Intuit sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post(
      QBO_PATHS.webhooks,
      { schema: { tags: QBO_TAGS, summary: 'Intuit’s webhook deliveries (signed with the verifier token)', response: { 200: z.object({ received: z.number() }) } } },
      async (request, reply) => {
        const received = await receiveWebhook(app.deps, qbo.settings.webhookVerifierToken, String(request.body ?? ''), request.headers['intuit-signature'] as string | undefined);
        return reply.send({ received });
      },
    );
  });
};
