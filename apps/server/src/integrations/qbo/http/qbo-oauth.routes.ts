import type { FastifyPluginAsync } from 'fastify';
import { quickbooksEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import type { QboContext } from '../qbo-context.js';
import { connectQuickBooks, signUpWithIntuit } from './qbo-oauth.flow.js';

/**
 * Connecting QuickBooks needs a signed-in firm admin, which its flow checks
 * itself: Intuit's callback reaches the same path and must end on a page
 * (sign-in, when the browser is signed out), never a 401 of JSON. Signing up
 * with Intuit is for someone signed out.
 */
export const qboOAuthRoutes: FastifyPluginAsync<{ qbo: QboContext }> = async (app, { qbo }) => {
  const deps = app.deps;
  serveEndpoint(app, quickbooksEndpoints.connect, (r, reply) => connectQuickBooks(deps, qbo, r, reply, r.query), { readOnlyCheckedByHandler: true });
  serveEndpoint(app, quickbooksEndpoints.signup, (r, reply) => signUpWithIntuit(deps, qbo, r, reply, r.query));
};
