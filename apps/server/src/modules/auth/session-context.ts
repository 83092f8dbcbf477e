import type { FastifyReply, FastifyRequest } from 'fastify';
import { authContext, secureCookies } from '../../lib/request-context.js';
import type { SessionContext } from './session.service.js';

/** Signing in and out: the signed-out context plus the answer whose session cookie is set or cleared. */
export const sessionContext = (request: FastifyRequest, reply: FastifyReply): SessionContext => ({
  ...authContext(request),
  reply,
  userAgent: request.headers['user-agent'],
  secure: secureCookies(request),
  secretKey: request.server.deps.config.secretKey,
  session: request.session,
  flagDefaults: request.server.deps.config.featureFlagDefaults,
});
