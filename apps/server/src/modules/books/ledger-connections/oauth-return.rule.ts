import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { readSignedState } from './oauth-state.rule.js';
import { appOrigin, isReturnOrigin, requestOrigin } from './return-origin.rule.js';
import { clearStateCookie, type StateCookie } from './state-cookie.rule.js';

/** Where a ledger's OAuth start sends the browser (200); its callback's redirect (302) is sent by the reply itself. */
export type OAuthAnswer = { url: string };

export const CLIENTS_PAGE = '/dashboard/accountant/clients/';
export const FREE_TRIAL_PAGE = '/auth/free-trial/';
export const SIGN_IN_PAGE = '/auth/';

/**
 * Back to the app after the ledger, with what happened in the query so the page can say it. The
 * reply is sent here; the endpoint answers nothing more (its 302 carries no body), hence no answer
 * of the 200's shape.
 */
export const backTo = (reply: FastifyReply, cookie: StateCookie, page: string, params: Record<string, string>): OAuthAnswer => {
  clearStateCookie(reply, cookie);
  const query = new URLSearchParams(params).toString();
  // eslint-disable-next-line no-restricted-syntax -- the reply is sent: serveEndpoint answers nothing more, as for any Fastify handler that returns its reply.
  return reply.redirect(query ? `${page}?${query}` : page, 302) as unknown as OAuthAnswer;
};

/**
 * A ledger calls back only to the one address registered with it (APP_URL's). A grant started
 * from another address of the same server (`127.0.0.1` for `localhost`) has that address in its
 * signed state; the callback sends the browser back there, with the ledger's query as it came, to
 * finish where the person's session and the state's nonce cookie are. Only a state Herd signed and
 * an origin `isReturnOrigin` accepts are followed: nothing else can make the callback hand the
 * ledger's code to another host.
 */
export const returnToOrigin = (deps: AppDeps, request: FastifyRequest, reply: FastifyReply, state: string | undefined): OAuthAnswer | null => {
  const signed = state ? readSignedState(deps.config.secretKey, state) : null;
  if (!signed?.origin || !isReturnOrigin(signed.origin, deps.config.appUrl)) return null;
  // A grant started at APP_URL's address finishes on the callback as it comes: that is where the ledger returns.
  if (signed.origin === appOrigin(deps.config.appUrl) || signed.origin === requestOrigin(request)) return null;
  const { pathname, search } = new URL(request.url, 'http://callback.invalid');
  // eslint-disable-next-line no-restricted-syntax -- the reply is sent, as in backTo above.
  return reply.redirect(`${signed.origin}${pathname}${search}`, 302) as unknown as OAuthAnswer;
};

/** The person's actor when the request's session is a full one; null signed out (or with a second factor pending). */
export const actorOf = (request: FastifyRequest): Actor | null => (request.session?.actor ? { ...request.session.actor } : null);
