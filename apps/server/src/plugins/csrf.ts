import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { details } from '@herd/contract';
import { randomToken, safeEqual } from '../lib/crypto.js';
import { ForbiddenError } from '../lib/errors.js';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF: the API hands out a readable `csrftoken` cookie and
 * every unsafe request must echo it in `X-CSRFToken`. A page on another site
 * can make the browser send the cookie but cannot read it to set the header.
 * Paths in `exempt` (signed webhooks) prove themselves another way.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean; exempt?: string[] }) => {
  const exempt = opts.exempt ?? [];
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'lax',
        secure: opts.secure,
        httpOnly: false,
        maxAge: 365 * 24 * 60 * 60,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (exempt.some((prefix) => request.url.startsWith(prefix))) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new ForbiddenError(details.csrfFailed);
    }
  });
});
