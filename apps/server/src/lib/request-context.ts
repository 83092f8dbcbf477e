import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../modules/auth/auth.service.js';
import type { PeopleContext } from '../modules/client-users/client-users.service.js';

export const authContext = (request: FastifyRequest): AuthContext => ({
  db: request.server.deps.db,
  mailer: request.server.deps.mailer,
  appUrl: request.server.deps.config.appUrl,
  ip: request.ip,
  jobs: request.server.deps.jobs,
});

/** Cookies are Secure when the app is served over HTTPS. */
export const secureCookies = (request: FastifyRequest): boolean => request.server.deps.config.appUrl.startsWith('https://');

export const peopleContext = (request: FastifyRequest): PeopleContext => ({
  db: request.server.deps.db,
  mailer: request.server.deps.mailer,
  appUrl: request.server.deps.config.appUrl,
  replies: request.server.deps.config,
  jobs: request.server.deps.jobs,
});
