import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { qboOAuthQuery } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { ConflictError } from '../../../lib/errors.js';
import { secureCookies } from '../../../lib/request-context.js';
import type { Actor } from '../../../modules/auth/actor.js';
import { startSession } from '../../../modules/auth/sessions.js';
import { connectFailureMessage, finishConnect, startConnect } from '../../../modules/ledger-connections/connect.service.js';
import { finishSignup, startSignup } from '../../../modules/ledger-connections/ledger-signup.service.js';
import { readState } from '../../../modules/ledger-connections/oauth-state.js';
import { clearStateCookie, stateNonce, towardsLedger } from '../../../modules/ledger-connections/state-cookie.js';
import type { QboContext } from '../qbo-context.js';
import { qboGrantFromCode } from '../qbo-connect.js';
import { QBO_STATE_COOKIE } from './qbo-http-settings.js';

type OAuthQuery = z.output<typeof qboOAuthQuery>;
/** Where to send the browser (200); a callback's redirect (302) is sent by the reply itself. */
type OAuthAnswer = { url: string };

const CLIENTS_PAGE = '/dashboard/accountant/clients/';
const FREE_TRIAL_PAGE = '/auth/free-trial/';

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
 * Intuit's OAuth, which only QuickBooks speaks: `quickbooks/oauth2/` both
 * starts (no `state`: where to send the browser) and receives Intuit's
 * callback (`code`, `state`, `realmId`). The callback checks the state, trades
 * the code for a grant, and hands the rest to the generic connection services.
 */
export const connectQuickBooks = async (
  deps: AppDeps,
  qbo: QboContext,
  actor: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  query: OAuthQuery,
): Promise<OAuthAnswer> => {
  const { code, state, realmId, error } = query;
  if (!state) return towardsLedger(request, reply, QBO_STATE_COOKIE, await startConnect(deps, actor, { kind: 'QBO', companyPk: query.client_company ?? null }));
  const verified = readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE));
  if (!verified || verified.purpose === 'signup')
    return backTo(reply, CLIENTS_PAGE, { qbo_error: 'This QuickBooks connection expired or was started elsewhere. Start it again.' });
  if (error || !code || !realmId) {
    return backTo(reply, CLIENTS_PAGE, {
      qbo_error: error === 'access_denied' ? 'QuickBooks was not connected: access was not granted.' : 'QuickBooks did not complete the connection.',
    });
  }
  try {
    const obtainGrant = async () => (await qboGrantFromCode(qbo, { code, realmId, signup: false })).grant;
    const companyPk = await finishConnect(deps, actor, verified, { kind: 'QBO', externalCompanyId: realmId, obtainGrant });
    return backTo(reply, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
  } catch (err) {
    request.log.warn({ err }, 'QuickBooks connection failed');
    return backTo(reply, CLIENTS_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
  }
};

/** Sign up a new firm with Intuit (signed out): the same two ways, then a session for the new admin. */
export const signUpWithIntuit = async (deps: AppDeps, qbo: QboContext, request: FastifyRequest, reply: FastifyReply, query: OAuthQuery): Promise<OAuthAnswer> => {
  const { code, state, realmId } = query;
  if (!state) return towardsLedger(request, reply, QBO_STATE_COOKIE, startSignup(deps, 'QBO'));
  const verified = readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE));
  if (!verified || verified.purpose !== 'signup' || !code || !realmId)
    return backTo(reply, FREE_TRIAL_PAGE, { qbo_error: 'Signing up with Intuit did not complete. Try again.' });
  try {
    const { grant, accessToken } = await qboGrantFromCode(qbo, { code, realmId, signup: true });
    const person = await qbo.oauth.userinfo(accessToken);
    if (!person.email) throw new ConflictError('Intuit did not share an email address, which Herd needs for your account.');
    const { userId, companyPk } = await finishSignup(deps, { kind: 'QBO', person, grant });
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
