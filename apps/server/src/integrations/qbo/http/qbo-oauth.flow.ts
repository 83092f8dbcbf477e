import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { qboOAuthQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { secureCookies } from '../../../lib/request-context.js';
import { assertWritable, type Actor } from '../../../modules/auth/actor.js';
import { startSession } from '../../../modules/auth/sessions.js';
import { visitorOf } from '../../../modules/auth/visitor.js';
import { connectFailureMessage, finishConnect, startConnect } from '../../../modules/ledger-connections/connect.service.js';
import { finishSignup, startSignup } from '../../../modules/ledger-connections/ledger-signup.service.js';
import { readSignedState, readState } from '../../../modules/ledger-connections/oauth-state.js';
import { appOrigin, isReturnOrigin, requestOrigin, returnOriginOf } from '../../../modules/ledger-connections/return-origin.js';
import { clearStateCookie, stateNonce, towardsLedger } from '../../../modules/ledger-connections/state-cookie.js';
import type { QboContext } from '../qbo-context.js';
import { qboGrantFromCode } from '../qbo-connect.js';
import { QBO_STATE_COOKIE } from './qbo-http-settings.js';

type OAuthQuery = z.output<typeof qboOAuthQuery>;
/** Where to send the browser (200); a callback's redirect (302) is sent by the reply itself. */
type OAuthAnswer = { url: string };

const CLIENTS_PAGE = '/dashboard/accountant/clients/';
const FREE_TRIAL_PAGE = '/auth/free-trial/';
const SIGN_IN_PAGE = '/auth/';

/**
 * Back to the app after Intuit, with what happened in the query so the page
 * can say it. The reply is sent here; the endpoint answers nothing more (its
 * 302 carries no body), hence no answer of the 200's shape.
 */
const backTo = (reply: FastifyReply, page: string, params: Record<string, string>): OAuthAnswer => {
  clearStateCookie(reply, QBO_STATE_COOKIE);
  // serveEndpoint answers nothing more once the reply is sent, as for any Fastify handler that returns its reply.
  return reply.redirect(`${page}?${new URLSearchParams(params).toString()}`, 302) as unknown as OAuthAnswer;
};

/**
 * Intuit calls back only to the one address registered with it (APP_URL's).
 * A grant started from another address of the same server (`127.0.0.1` for
 * `localhost`) has that address in its signed state; the callback sends the
 * browser back there, with Intuit's query as it came, to finish where the
 * person's session and the state's nonce cookie are. Only a state Herd signed
 * and an origin `isReturnOrigin` accepts are followed: nothing else can make
 * the callback hand Intuit's code to another host.
 */
const returnToOrigin = (deps: AppDeps, request: FastifyRequest, reply: FastifyReply, state: string | undefined): OAuthAnswer | null => {
  const signed = state ? readSignedState(deps.config.secretKey, state) : null;
  if (!signed?.origin || !isReturnOrigin(signed.origin, deps.config.appUrl)) return null;
  // A grant started at APP_URL's address finishes on the callback as it comes: that is where Intuit returns.
  if (signed.origin === appOrigin(deps.config.appUrl) || signed.origin === requestOrigin(request)) return null;
  const { pathname, search } = new URL(request.url, 'http://callback.invalid');
  return reply.redirect(`${signed.origin}${pathname}${search}`, 302) as unknown as OAuthAnswer;
};

/** Without Intuit's credentials, and with the sandboxes off (production's default), there is nowhere to send the browser. */
const assertQuickBooksSetUp = (qbo: QboContext) => {
  if (qbo.settings.mode === 'off') throw ValidationError.detail(QBO_NOT_SET_UP);
};
export const QBO_NOT_SET_UP = 'QuickBooks Online is not set up on this server yet: its operator sets QBO_CLIENT_ID and QBO_CLIENT_SECRET.';

/** The person's actor when the request's session is a full one; null signed out (or with a second factor pending). */
const actorOf = (request: FastifyRequest): Actor | null => (request.session?.actor ? { ...request.session.actor } : null);

/**
 * Intuit's OAuth, which only QuickBooks speaks: `quickbooks/oauth2/` both
 * starts (no `state`: where to send the browser, for a signed-in admin of a
 * firm that may change its data) and receives Intuit's callback (`code`,
 * `state`, `realmId`, or `error`). The callback always ends on a page of the
 * app, never an answer of JSON: back to the address the person started from,
 * then to sign-in when the browser is not signed in, else the clients list
 * saying what happened. It checks the state, trades the code for a grant, and
 * hands the rest to the generic connection services.
 */
export const connectQuickBooks = async (deps: AppDeps, qbo: QboContext, request: FastifyRequest, reply: FastifyReply, query: OAuthQuery): Promise<OAuthAnswer> => {
  const { code, state, realmId, error } = query;
  const actor = actorOf(request);
  if (!state && !code && !error) {
    if (!actor) throw new UnauthorizedError();
    assertWritable(actor);
    assertQuickBooksSetUp(qbo);
    const origin = returnOriginOf(request, deps.config.appUrl);
    return towardsLedger(request, reply, QBO_STATE_COOKIE, await startConnect(deps, actor, { kind: 'QBO', companyPk: query.client_company ?? null, origin }));
  }
  const elsewhere = returnToOrigin(deps, request, reply, state);
  if (elsewhere) return elsewhere;
  if (!actor) {
    const next = `${CLIENTS_PAGE}?${new URLSearchParams({ qbo_error: 'QuickBooks was not connected because you were signed out. Sign in and connect it again.' }).toString()}`;
    return backTo(reply, SIGN_IN_PAGE, { next });
  }
  const verified = state ? readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE)) : null;
  if (!verified || verified.purpose === 'signup')
    return backTo(reply, CLIENTS_PAGE, { qbo_error: 'This QuickBooks connection expired or was started elsewhere. Start it again.' });
  if (error || !code || !realmId) {
    return backTo(reply, CLIENTS_PAGE, {
      qbo_error: error === 'access_denied' ? 'QuickBooks was not connected: access was not granted.' : 'QuickBooks did not complete the connection.',
    });
  }
  try {
    assertWritable(actor);
    const obtainGrant = async () => (await qboGrantFromCode(qbo, { code, realmId, signup: false })).grant;
    const companyPk = await finishConnect(deps, actor, { kind: 'QBO', state: verified, externalCompanyId: realmId, obtainGrant });
    return backTo(reply, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
  } catch (err) {
    request.log.warn({ err }, 'QuickBooks connection failed');
    return backTo(reply, CLIENTS_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
  }
};

/** Sign up a new firm with Intuit (signed out): the same two ways, then a session for the new admin. */
export const signUpWithIntuit = async (deps: AppDeps, qbo: QboContext, request: FastifyRequest, reply: FastifyReply, query: OAuthQuery): Promise<OAuthAnswer> => {
  const { code, state, realmId } = query;
  if (!state && !code && !query.error) {
    assertQuickBooksSetUp(qbo);
    return towardsLedger(request, reply, QBO_STATE_COOKIE, startSignup(deps, visitorOf(request), { kind: 'QBO', origin: returnOriginOf(request, deps.config.appUrl) }));
  }
  const elsewhere = returnToOrigin(deps, request, reply, state);
  if (elsewhere) return elsewhere;
  const verified = state ? readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE)) : null;
  if (!verified || verified.purpose !== 'signup' || !code || !realmId)
    return backTo(reply, FREE_TRIAL_PAGE, { qbo_error: 'Signing up with Intuit did not complete. Try again.' });
  try {
    const { grant, accessToken } = await qboGrantFromCode(qbo, { code, realmId, signup: true });
    const person = await qbo.oauth.userinfo(accessToken);
    if (!person.email) throw new ConflictError('Intuit did not share an email address, which Herd needs for your account.');
    const { userId, companyPk } = await finishSignup(deps, visitorOf(request), { kind: 'QBO', person, grant });
    await startSession(deps.db, reply, {
      userId,
      mfaVerified: true,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      secure: secureCookies(request),
      secretKey: deps.config.secretKey,
    });
    return backTo(reply, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
  } catch (err) {
    request.log.warn({ err }, 'Intuit sign-up failed');
    return backTo(reply, FREE_TRIAL_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
  }
};
