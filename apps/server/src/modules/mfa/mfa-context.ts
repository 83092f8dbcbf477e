import type { FastifyRequest } from 'fastify';
import type { MfaSetupContext } from './mfa-setup.service.js';

/** Behind `requireActor`, so the session is there: it is the one kept signed in when a method is turned on. */
export const mfaSetupContext = (request: FastifyRequest): MfaSetupContext => ({
  db: request.server.deps.db,
  secretKey: request.server.deps.config.secretKey,
  sessionTokenHash: request.session!.tokenHash,
  sms: request.server.deps.sms,
  mailer: request.server.deps.mailer,
});
