import type { FastifyPluginAsync } from 'fastify';
import { quickbooksEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import type { QboContext } from '../qbo-context.js';
import { connectQuickBooks, signUpWithIntuit } from './qbo-oauth.flow.js';

/** Connecting QuickBooks needs a signed-in firm admin; signing up with Intuit is for someone signed out. */
export const qboOAuthRoutes: FastifyPluginAsync<{ qbo: QboContext }> = async (app, { qbo }) => {
  const deps = app.deps;
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireActor);
    serveEndpoint(signedIn, quickbooksEndpoints.connect, (r, reply) => connectQuickBooks(deps, qbo, r.actor, r, reply, r.query));
  });
  serveEndpoint(app, quickbooksEndpoints.signup, (r, reply) => signUpWithIntuit(deps, qbo, r, reply, r.query));
};
