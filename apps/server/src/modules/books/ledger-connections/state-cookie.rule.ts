import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@herd/contract';
import { secureCookies } from '../../../lib/request-context.js';

/**
 * The OAuth state's nonce, in a cookie of the browser that started the
 * grant. Each ledger names its cookie and keeps it on its own API path, where
 * its callback lives, so the cookie travels nowhere else.
 */
export interface StateCookie {
  name: string;
  /** The ledger's API path prefix, e.g. `/quickbooks`. */
  prefix: string;
}

const cookiePath = (cookie: StateCookie) => `${API_PREFIX}${cookie.prefix}/`;

export const setStateCookie = (request: FastifyRequest, reply: FastifyReply, cookie: StateCookie, nonce: string) =>
  reply.setCookie(cookie.name, nonce, { httpOnly: true, sameSite: 'lax', secure: secureCookies(request), path: cookiePath(cookie), maxAge: 15 * 60 });

export const clearStateCookie = (reply: FastifyReply, cookie: StateCookie) => reply.clearCookie(cookie.name, { path: cookiePath(cookie) });

export const stateNonce = (request: FastifyRequest, cookie: StateCookie): string | undefined => request.cookies[cookie.name];

/** Hands the browser the ledger's consent page; the grant's nonce stays in its cookie for the callback to check. */
export const towardsLedger = (request: FastifyRequest, reply: FastifyReply, cookie: StateCookie, started: { url: string; nonce: string }) => {
  setStateCookie(request, reply, cookie, started.nonce);
  return { url: started.url };
};
