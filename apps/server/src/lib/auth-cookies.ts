import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { randomToken } from './crypto.js';

/**
 * Over HTTPS the session and CSRF cookies take the `__Host-` prefix: the
 * browser then only accepts them Secure, on Path=/ and without a Domain, so
 * a sibling subdomain cannot plant or shadow them.
 */
export const cookieName = (base: 'sessionid' | 'csrftoken', secure: boolean) => (secure ? `__Host-${base}` : base);

export const sessionCookieName = (secure: boolean) => cookieName('sessionid', secure);
export const csrfCookieName = (secure: boolean) => cookieName('csrftoken', secure);

/**
 * A session's CSRF token: an HMAC of the session's stored hash under the
 * server's secret. A token planted by someone else, or kept from before
 * signing in, does not match the session it is sent with.
 */
export const csrfTokenForSession = (secretKey: string, sessionTokenHash: string) =>
  createHmac('sha256', secretKey).update(`csrf:${sessionTokenHash}`).digest('base64url');

/** Readable by the page's scripts (they echo it in X-CSRFToken), never by another site. */
export const setCsrfCookie = (reply: FastifyReply, value: string, secure: boolean) =>
  reply.setCookie(csrfCookieName(secure), value, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 365 * 24 * 60 * 60 });

/** Signing in gives the session's own token; signing out a fresh anonymous one. */
export const rotateCsrfCookie = (reply: FastifyReply, opts: { secure: boolean; secretKey: string; sessionTokenHash: string | null }) =>
  setCsrfCookie(reply, opts.sessionTokenHash ? csrfTokenForSession(opts.secretKey, opts.sessionTokenHash) : randomToken(), opts.secure);
