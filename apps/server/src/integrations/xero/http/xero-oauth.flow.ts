import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unavailable, type xeroOAuthQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { assertWritable } from '../../../kernel/actor.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { startConnect } from '../../../modules/books/ledger-connections/connect.service.js';
import { startSignup } from '../../../modules/books/ledger-connections/ledger-signup.service.js';
import { actorOf, backTo, CLIENTS_PAGE, returnToOrigin, SIGN_IN_PAGE, type OAuthAnswer } from '../../../modules/books/ledger-connections/oauth-return.rule.js';
import { createState, readState } from '../../../modules/books/ledger-connections/oauth-state.rule.js';
import { returnOriginOf } from '../../../modules/books/ledger-connections/return-origin.rule.js';
import { stateNonce, towardsLedger } from '../../../modules/books/ledger-connections/state-cookie.rule.js';
import type { XeroContext } from '../xero-context.js';
import { XERO_SIGNIN_SCOPES } from '../xero-oauth.js';
import { XERO_RETURN, XERO_SIGN_IN_PAGE, XERO_STATE_COOKIE } from './xero-http-settings.js';
import { finishXeroConnect, finishXeroSignin, finishXeroSignup } from './xero-callback.js';

type OAuthQuery = z.output<typeof xeroOAuthQuery>;

/** The accountant's words; which settings are missing is said in the start log (`start-messages.ts`). */
export const XERO_NOT_SET_UP = unavailable.xero;

/** Without Xero's credentials, and with the sandboxes off (production's default), there is nowhere to send the browser. */
const assertXeroSetUp = (xero: XeroContext) => {
  if (xero.settings.mode === 'off') throw ValidationError.detail(XERO_NOT_SET_UP);
};

/** "Connect Xero", for a signed-in admin of a firm that may change its data: where to send the browser. */
const startXeroConnect = async (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply, query: OAuthQuery) => {
  const actor = actorOf(request);
  if (!actor) throw new UnauthorizedError();
  assertWritable(actor);
  assertXeroSetUp(xero);
  const origin = returnOriginOf(request, deps.config.appUrl);
  return towardsLedger(request, reply, XERO_STATE_COOKIE, await startConnect(deps, actor, { kind: 'XERO', companyPk: query.client_company ?? null, origin }));
};

/** "Sign in with Xero" (signed out): Xero is asked only who the person is. */
export const startXeroSignin = (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply): OAuthAnswer => {
  assertXeroSetUp(xero);
  const { state, nonce } = createState(deps.config.secretKey, { purpose: 'signin', userId: null, companyPk: null, origin: returnOriginOf(request, deps.config.appUrl) });
  return towardsLedger(request, reply, XERO_STATE_COOKIE, { url: xero.oauth.authorizeUrl({ state, redirectUri: xero.redirectUri, scopes: XERO_SIGNIN_SCOPES }), nonce });
};

/** "Sign up with Xero" (signed out): a new firm from the person and the organisations they tick. */
export const startXeroSignup = (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply): OAuthAnswer => {
  assertXeroSetUp(xero);
  return towardsLedger(request, reply, XERO_STATE_COOKIE, startSignup(deps, visitorOf(request), { kind: 'XERO', origin: returnOriginOf(request, deps.config.appUrl) }));
};

/**
 * `xero/oauth2/`: without `state`, starts connecting; with it, it is Xero's callback, the one
 * address registered with Xero for connecting, reconnecting, signing in and signing up (the signed
 * state says which). The callback always ends on a page of the app, never an answer of JSON: back
 * to the address the person started from, then the page that says what happened.
 */
export const xeroOAuth = async (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply, query: OAuthQuery): Promise<OAuthAnswer> => {
  const { code, state, error } = query;
  if (!state && !code && !error) return startXeroConnect(deps, xero, request, reply, query);
  const elsewhere = returnToOrigin(deps, request, reply, state);
  if (elsewhere) return elsewhere;
  const verified = state ? readState(deps.config.secretKey, state, stateNonce(request, XERO_STATE_COOKIE)) : null;
  const signedOutFlow = verified?.purpose === 'signin' || verified?.purpose === 'signup';
  const failurePage = signedOutFlow ? XERO_SIGN_IN_PAGE : CLIENTS_PAGE;
  const fail = (message: string) => backTo(reply, XERO_STATE_COOKIE, failurePage, { [XERO_RETURN.error]: message });
  if (!verified) {
    if (!actorOf(request)) return fail('Xero sign-in expired or was started elsewhere. Try again.');
    return fail('This Xero connection expired or was started elsewhere. Start it again.');
  }
  if (error || !code) return fail(error === 'access_denied' ? 'Xero was not connected: access was not granted.' : 'Xero did not complete the request. Try again.');
  if (verified.purpose === 'signin') return finishXeroSignin(deps, xero, request, reply, { code, scope: query.scope });
  if (verified.purpose === 'signup') return finishXeroSignup(deps, xero, request, reply, { code, scope: query.scope });
  const actor = actorOf(request);
  if (!actor) {
    const next = `${CLIENTS_PAGE}?${new URLSearchParams({ [XERO_RETURN.error]: 'Xero was not connected because you were signed out. Sign in and connect it again.' })}`;
    return backTo(reply, XERO_STATE_COOKIE, SIGN_IN_PAGE, { next });
  }
  return finishXeroConnect(deps, xero, request, reply, { actor, state: verified, code, scope: query.scope });
};
