import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { details } from '@herd/contract';
import { UnauthorizedError } from '../lib/errors.js';
import type { Actor } from '../kernel/actor.js';
import { readSession } from '../modules/people/auth/sessions.service.js';
import type { SessionInfo } from '../kernel/visitor.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    /** Set by `requireActor`; routes behind it can rely on it. */
    actor: Actor;
  }
}

/**
 * Reads the session cookie on every API request. A session still waiting for
 * its second factor is kept on the request (the OTP routes need it) but
 * authenticates nothing.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  // eslint-disable-next-line no-restricted-syntax -- typed as always set because only routes behind `requireActor` read it; until then it is null.
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.session = await readSession(app.deps.db, request, app.deps.config.appUrl.startsWith('https://'));
  });
});

/** preHandler for routes that need a signed-in user. */
export const requireActor = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
  const actor = request.session?.actor;
  // A half-open session is told what is missing, so the page can ask for the code rather than the password.
  if (!actor) throw new UnauthorizedError(request.session && !request.session.mfaVerified ? details.mfaPending : undefined);
  // A copy: services may note things on it (view-as) without touching the session's.
  request.actor = { ...actor };
};
