import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unavailable, type qboOAuthQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../../../lib/errors.js';
import { secureCookies } from '../../../lib/request-context.js';
import { assertWritable } from '../../../kernel/actor.js';
import { startSession } from '../../../modules/people/auth/sessions.service.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { connectFailureMessage, finishConnect, startConnect } from '../../../modules/books/ledger-connections/connect.service.js';
import { finishSignup, startSignup } from '../../../modules/books/ledger-connections/ledger-signup.service.js';
import {
  actorOf,
  backTo,
  CLIENTS_PAGE,
  FREE_TRIAL_PAGE,
  returnToOrigin,
  SIGN_IN_PAGE,
  type OAuthAnswer,
} from '../../../modules/books/ledger-connections/oauth-return.rule.js';
import { readState } from '../../../modules/books/ledger-connections/oauth-state.rule.js';
import { returnOriginOf } from '../../../modules/books/ledger-connections/return-origin.rule.js';
import { stateNonce, towardsLedger } from '../../../modules/books/ledger-connections/state-cookie.rule.js';
import type { QboContext } from '../qbo-context.js';
import { qboGrantFromCode } from '../qbo-connect.js';
import { QBO_STATE_COOKIE } from './qbo-http-settings.js';

type OAuthQuery = z.output<typeof qboOAuthQuery>;

/** Without Intuit's credentials, and with the sandboxes off (production's default), there is nowhere to send the browser. */
const assertQuickBooksSetUp = (qbo: QboContext) => {
  if (qbo.settings.mode === 'off') throw ValidationError.detail(QBO_NOT_SET_UP);
};
/** The accountant's words; which settings are missing is said in the start log (`start-messages.ts`). */
export const QBO_NOT_SET_UP = unavailable.quickbooks;

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
    return backTo(reply, QBO_STATE_COOKIE, SIGN_IN_PAGE, { next });
  }
  const verified = state ? readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE)) : null;
  if (!verified || verified.purpose === 'signup')
    return backTo(reply, QBO_STATE_COOKIE, CLIENTS_PAGE, { qbo_error: 'This QuickBooks connection expired or was started elsewhere. Start it again.' });
  if (error || !code || !realmId) {
    return backTo(reply, QBO_STATE_COOKIE, CLIENTS_PAGE, {
      qbo_error: error === 'access_denied' ? 'QuickBooks was not connected: access was not granted.' : 'QuickBooks did not complete the connection.',
    });
  }
  try {
    assertWritable(actor);
    const obtainGrant = async () => (await qboGrantFromCode(qbo, { code, realmId, signup: false })).grant;
    const companyPk = await finishConnect(deps, actor, { kind: 'QBO', state: verified, externalCompanyId: realmId, obtainGrant });
    return backTo(reply, QBO_STATE_COOKIE, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
  } catch (err) {
    request.log.warn({ err }, 'QuickBooks connection failed');
    return backTo(reply, QBO_STATE_COOKIE, CLIENTS_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
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
    return backTo(reply, QBO_STATE_COOKIE, FREE_TRIAL_PAGE, { qbo_error: 'Signing up with Intuit did not complete. Try again.' });
  try {
    const { grant, accessToken } = await qboGrantFromCode(qbo, { code, realmId, signup: true });
    const person = await qbo.oauth.userinfo(accessToken);
    if (!person.email) throw new ConflictError('Intuit did not share an email address, which Herd needs for your account.');
    const { userId, companyPks } = await finishSignup(deps, visitorOf(request), { kind: 'QBO', person, grants: [grant] });
    await startSession(deps.db, reply, {
      userId,
      mfaVerified: true,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      secure: secureCookies(request),
      secretKey: deps.config.secretKey,
    });
    return backTo(reply, QBO_STATE_COOKIE, CLIENTS_PAGE, { qbo_connected: String(companyPks[0]) });
  } catch (err) {
    request.log.warn({ err }, 'Intuit sign-up failed');
    return backTo(reply, QBO_STATE_COOKIE, FREE_TRIAL_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
  }
};
