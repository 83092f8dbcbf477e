import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { details } from '@herd/contract';
import { csrfCookieName, csrfTokenForSession, setCsrfCookie } from '../lib/auth-cookies.js';
import { randomToken, safeEqual } from '../lib/crypto.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';

export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  secure: boolean;
  /** Tokens of sessions are HMACs under it. */
  secretKey: string;
  appUrl: string;
  /** Path prefixes (signed webhooks) that prove themselves another way. */
  exempt?: string[];
}

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * A browser names the page that sent an unsafe request in Origin (or, from
 * some older browsers and privacy settings, only in Referer). It must be
 * Herd's own: APP_URL's origin or the host the request was sent to. A request
 * naming neither comes from no browser page (scripts, server-to-server) and
 * has no cookie a forger could ride on without the token anyway.
 */
const fromOwnSite = (request: FastifyRequest, appOrigin: string | null): boolean => {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : null;
  if (claimed === null) return true;
  const sender = originOf(claimed);
  if (!sender) return false;
  return sender === appOrigin || new URL(sender).host === request.headers.host;
};

/**
 * CSRF, in two layers. The Origin (or Referer) of an unsafe request must be
 * Herd's own site. And the `X-CSRFToken` header must carry the token the API
 * handed out in the readable `csrftoken` cookie: with a session, the HMAC of
 * that session (so a token planted in the cookie by someone else, or kept
 * from before signing in, fails); signed out, the cookie's own random value
 * (double submit). Signing in and out rotates the cookie (`sessions.service.ts`). A signed-out write that carries
 * no token cookie at all answers 401 (not signed in), as the endpoint itself would; a wrong or missing
 * header with a cookie stays 403.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: CsrfOptions) => {
  const exempt = opts.exempt ?? [];
  const cookieName = csrfCookieName(opts.secure);
  const appOrigin = originOf(opts.appUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const cookie = request.cookies[cookieName];
    const expected = request.session ? csrfTokenForSession(opts.secretKey, request.session.tokenHash) : (cookie ?? null);
    if (!cookie || (expected && cookie !== expected)) setCsrfCookie(reply, expected ?? randomToken(), opts.secure);
    if (SAFE_METHODS.has(request.method)) return;
    if (exempt.some((prefix) => request.url.startsWith(prefix))) return;
    if (!fromOwnSite(request, appOrigin)) throw new ForbiddenError(details.csrfOriginFailed);
    // Signed out with no token cookie at all: nothing here was ever handed a token, so this is a caller that is
    // not signed in (a script, a page never loaded) rather than a forged request; say so as every endpoint does.
    if (!request.session && !cookie) throw new UnauthorizedError();
    const header = request.headers[CSRF_HEADER];
    if (!expected || typeof header !== 'string' || !safeEqual(expected, header)) throw new ForbiddenError(details.csrfFailed);
  });
});
