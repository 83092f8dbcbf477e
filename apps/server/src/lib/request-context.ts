import type { FastifyRequest } from 'fastify';

/** Cookies are Secure when the app is served over HTTPS. */
export const secureCookies = (request: FastifyRequest): boolean => request.server.deps.config.appUrl.startsWith('https://');
