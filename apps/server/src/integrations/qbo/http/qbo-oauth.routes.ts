import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qboAuthorizeResponse, qboOAuthQuery } from '@herd/contract';
import { ConflictError } from '../../../lib/errors.js';
import { requireActor } from '../../../plugins/auth.js';
import { startSession } from '../../../modules/auth/sessions.js';
import { connectFailureMessage, finishConnect, startConnect } from '../../../modules/ledger-connections/connect.service.js';
import { finishSignup, startSignup } from '../../../modules/ledger-connections/ledger-signup.service.js';
import { readState } from '../../../modules/ledger-connections/oauth-state.js';
import { clearStateCookie, setStateCookie, stateNonce } from '../../../modules/ledger-connections/state-cookie.js';
import { secureCookies } from '../../../lib/request-context.js';
import type { QboContext } from '../qbo-context.js';
import { qboGrantFromCode } from '../qbo-connect.js';
import { QBO_PATHS } from '../qbo-settings.js';
import { QBO_STATE_COOKIE, QBO_TAGS } from './qbo-http-settings.js';

const CLIENTS_PAGE = '/dashboard/accountant/clients/';
const FREE_TRIAL_PAGE = '/auth/free-trial/';

/** Back to the app after Intuit, with what happened in the query so the page can say it. */
const backTo = (reply: FastifyReply, page: string, params: Record<string, string>) => {
  clearStateCookie(reply, QBO_STATE_COOKIE);
  return reply.redirect(`${page}?${new URLSearchParams(params).toString()}`, 302);
};

/**
 * Intuit's OAuth, which only QuickBooks speaks: each path both starts (no
 * `state`: where to send the browser) and receives Intuit's callback (`code`,
 * `state`, `realmId`). The callback checks the state, trades the code for a
 * grant, and hands the rest to the generic connection services.
 */
export const qboOAuthRoutes: FastifyPluginAsyncZod<{ qbo: QboContext }> = async (app, { qbo }) => {
  const deps = app.deps;

  app.get(
    QBO_PATHS.callback,
    { preHandler: requireActor, schema: { tags: QBO_TAGS, summary: 'Connect QuickBooks: without `code`, where to send the browser; with it, Intuit’s callback', querystring: qboOAuthQuery } },
    async (request, reply) => {
      const { code, state, realmId, error } = request.query;
      if (!state) {
        const started = await startConnect(deps, request.actor, { kind: 'QBO', companyPk: request.query.client_company ?? null });
        setStateCookie(request, reply, QBO_STATE_COOKIE, started.nonce);
        return qboAuthorizeResponse.parse({ url: started.url });
      }
      const verified = readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE));
      if (!verified || verified.purpose === 'signup') return backTo(reply, CLIENTS_PAGE, { qbo_error: 'This QuickBooks connection expired or was started elsewhere. Start it again.' });
      if (error || !code || !realmId) {
        return backTo(reply, CLIENTS_PAGE, { qbo_error: error === 'access_denied' ? 'QuickBooks was not connected: access was not granted.' : 'QuickBooks did not complete the connection.' });
      }
      try {
        const obtainGrant = async () => (await qboGrantFromCode(qbo, { code, realmId, signup: false })).grant;
        const companyPk = await finishConnect(deps, request.actor, verified, { kind: 'QBO', externalCompanyId: realmId, obtainGrant });
        return backTo(reply, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
      } catch (err) {
        request.log.warn({ err }, 'QuickBooks connection failed');
        return backTo(reply, CLIENTS_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
      }
    },
  );

  app.get(
    QBO_PATHS.signupCallback,
    { schema: { tags: QBO_TAGS, summary: 'Sign up a new firm with Intuit: without `code`, where to go; with it, the callback', querystring: qboOAuthQuery } },
    async (request, reply) => {
      const { code, state, realmId } = request.query;
      if (!state) {
        const started = startSignup(deps, 'QBO');
        setStateCookie(request, reply, QBO_STATE_COOKIE, started.nonce);
        return qboAuthorizeResponse.parse({ url: started.url });
      }
      const verified = readState(deps.config.secretKey, state, stateNonce(request, QBO_STATE_COOKIE));
      if (!verified || verified.purpose !== 'signup' || !code || !realmId) return backTo(reply, FREE_TRIAL_PAGE, { qbo_error: 'Signing up with Intuit did not complete. Try again.' });
      try {
        const { grant, accessToken } = await qboGrantFromCode(qbo, { code, realmId, signup: true });
        const person = await qbo.oauth.userinfo(accessToken);
        if (!person.email) throw new ConflictError('Intuit did not share an email address, which Herd needs for your account.');
        const { userId, companyPk } = await finishSignup(deps, { kind: 'QBO', person, grant });
        await startSession(deps.db, reply, { userId, mfaVerified: true, ip: request.ip, userAgent: request.headers['user-agent'], secure: secureCookies(request) });
        return backTo(reply, CLIENTS_PAGE, { qbo_connected: String(companyPk) });
      } catch (err) {
        request.log.warn({ err }, 'Intuit sign-up failed');
        return backTo(reply, FREE_TRIAL_PAGE, { qbo_error: connectFailureMessage(deps, 'QBO', err) });
      }
    },
  );
};
