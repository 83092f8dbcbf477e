import type { FastifyRequest } from 'fastify';
import type { PeopleContext } from '../modules/client-users/client-users.service.js';

/** Cookies are Secure when the app is served over HTTPS. */
export const secureCookies = (request: FastifyRequest): boolean => request.server.deps.config.appUrl.startsWith('https://');

export const peopleContext = (request: FastifyRequest): PeopleContext => ({
  db: request.server.deps.db,
  mailer: request.server.deps.mailer,
  appUrl: request.server.deps.config.appUrl,
  replies: request.server.deps.config,
  jobs: request.server.deps.jobs,
});
