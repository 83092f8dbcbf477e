import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { xeroEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { ledgerConnectionRoutes } from '../../../modules/books/ledger-connections/ledger-connections.routes.js';
import { pendingConsent, placeConsent } from '../../../modules/books/ledger-connections/place-consent.service.js';
import { filesHeldByLedger } from '../../../modules/books/transactions/ledger-held-files.service.js';
import type { XeroContext } from '../xero-context.js';
import { XERO_STATE_COOKIE } from './xero-http-settings.js';
import { startXeroSignin, startXeroSignup, xeroOAuth } from './xero-oauth.flow.js';
import { receiveXeroWebhook } from './xero-webhook.js';

/** The webhook's body, kept as the string Xero sent (the endpoint declares no body: its signature is checked first). */
const rawBody = (request: FastifyRequest) => String(request.body ?? '');

/**
 * Everything Xero serves under `/api/v1/xero/` (and a client's Xero files): its OAuth callback,
 * sign in and sign up with Xero, placing a consent's organisations, webhooks, and the generic
 * reconnect / profile / sync endpoints of a ledger. The app registers it.
 */
export const xeroRoutes: FastifyPluginAsync<{ xero: XeroContext }> = async (app, { xero }) => {
  const deps = app.deps;
  // Connecting needs a signed-in firm admin, which the flow checks itself: Xero's callback reaches the same path and must end on a page.
  serveEndpoint(app, e.connect, (r, reply) => xeroOAuth(deps, xero, r, reply, r.query), { readOnlyCheckedByHandler: true });
  serveEndpoint(app, e.signin, async (r, reply) => startXeroSignin(deps, xero, r, reply));
  serveEndpoint(app, e.signup, async (r, reply) => startXeroSignup(deps, xero, r, reply));
  await app.register(ledgerConnectionRoutes, { kind: 'XERO', stateCookie: XERO_STATE_COOKIE, endpoints: e });

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireActor);
    serveEndpoint(signedIn, e.pendingGrant, (r) => pendingConsent(deps, r.actor, { token: r.query.grant }));
    serveEndpoint(signedIn, e.selectClient, (r) => placeConsent(deps, r.actor, r.body));
    serveEndpoint(signedIn, e.clientAttachments, (r) => filesHeldByLedger(deps, r.actor, { transactionPk: r.params.transactionPk }));
  });

  await app.register(async (hooks) => {
    // The signature covers the exact bytes Xero sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    serveEndpoint(hooks, e.webhook, (r, reply) =>
      receiveXeroWebhook(deps, xero.settings.webhookKey, { rawBody: rawBody(r), signature: r.headers['x-xero-signature'] as string | undefined, reply }),
    );
  });
};
