import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qboAuthorizeResponse, qboCompanyQuery, qboOAuthQuery, qboProfile, qboSyncClientBody, syncRequestResult } from '@herd/contract';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { secureCookies } from '../../lib/request-context.js';
import { requireActor } from '../../plugins/auth.js';
import { startSession } from '../auth/sessions.js';
import { readState, STATE_COOKIE } from './oauth-state.js';
import { connectionProfile, receiveWebhook, syncClient } from './connection.service.js';
import { finishConnect, startConnect } from './quickbooks.service.js';
import { finishSignup, startSignup } from './signup.service.js';

const tags = ['quickbooks'];
const CLIENTS_PAGE = '/dashboard/accountant/clients/';

const setNonce = (request: FastifyRequest, reply: FastifyReply, nonce: string) =>
  reply.setCookie(STATE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: secureCookies(request), path: '/api/v1/quickbooks/', maxAge: 15 * 60 });

/** Back to the app after Intuit, with what happened in the query so the page can say it. */
const backToApp = (reply: FastifyReply, params: Record<string, string>) => {
  reply.clearCookie(STATE_COOKIE, { path: '/api/v1/quickbooks/' });
  return reply.redirect(`${CLIENTS_PAGE}?${new URLSearchParams(params).toString()}`, 302);
};

const failureMessage = (err: unknown) => (err instanceof AppError ? err.message : 'QuickBooks could not be connected. Try again in a moment.');

export const quickbooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/quickbooks/oauth2/',
    { preHandler: requireActor, schema: { tags, summary: 'Connect QuickBooks: without `code`, where to send the browser; with it, Intuit’s callback', querystring: qboOAuthQuery } },
    async (request, reply) => {
      const { code, state, realmId, error } = request.query;
      if (!state) {
        const started = await startConnect(deps, request.actor, { companyPk: request.query.client_company ?? null, purpose: 'connect' });
        setNonce(request, reply, started.nonce);
        return qboAuthorizeResponse.parse({ url: started.url });
      }
      const verified = readState(deps.config.secretKey, state, request.cookies[STATE_COOKIE]);
      if (!verified || verified.purpose === 'signup') return backToApp(reply, { qbo_error: 'This QuickBooks connection expired or was started elsewhere. Start it again.' });
      if (error || !code || !realmId) return backToApp(reply, { qbo_error: error === 'access_denied' ? 'QuickBooks was not connected: access was not granted.' : 'QuickBooks did not complete the connection.' });
      try {
        const companyPk = await finishConnect(deps, request.actor, verified, { code, realmId });
        return backToApp(reply, { qbo_connected: String(companyPk) });
      } catch (err) {
        request.log.warn({ err }, 'QuickBooks connection failed');
        return backToApp(reply, { qbo_error: failureMessage(err) });
      }
    },
  );

  app.get(
    '/quickbooks/reauth/',
    { preHandler: requireActor, schema: { tags, summary: 'Reconnect a company whose QuickBooks tokens were refused', querystring: qboCompanyQuery, response: { 200: qboAuthorizeResponse } } },
    async (request, reply) => {
      const started = await startConnect(deps, request.actor, { companyPk: request.query.client_company, purpose: 'reauth' });
      setNonce(request, reply, started.nonce);
      return { url: started.url };
    },
  );

  app.get(
    '/quickbooks/oauth2/signup/',
    { schema: { tags, summary: 'Sign up a new firm with Intuit: without `code`, where to go; with it, the callback', querystring: qboOAuthQuery } },
    async (request, reply) => {
      const { code, state, realmId } = request.query;
      if (!state) {
        const started = startSignup(deps);
        setNonce(request, reply, started.nonce);
        return qboAuthorizeResponse.parse({ url: started.url });
      }
      const verified = readState(deps.config.secretKey, state, request.cookies[STATE_COOKIE]);
      if (!verified || verified.purpose !== 'signup' || !code || !realmId) {
        reply.clearCookie(STATE_COOKIE, { path: '/api/v1/quickbooks/' });
        return reply.redirect(`/auth/free-trial/?${new URLSearchParams({ qbo_error: 'Signing up with Intuit did not complete. Try again.' }).toString()}`, 302);
      }
      try {
        const { userId, companyPk } = await finishSignup(deps, { code, realmId });
        await startSession(deps.db, reply, { userId, mfaVerified: true, ip: request.ip, userAgent: request.headers['user-agent'], secure: secureCookies(request) });
        return backToApp(reply, { qbo_connected: String(companyPk) });
      } catch (err) {
        request.log.warn({ err }, 'Intuit sign-up failed');
        reply.clearCookie(STATE_COOKIE, { path: '/api/v1/quickbooks/' });
        return reply.redirect(`/auth/free-trial/?${new URLSearchParams({ qbo_error: failureMessage(err) }).toString()}`, 302);
      }
    },
  );

  app.get(
    '/quickbooks/profile/',
    { preHandler: requireActor, schema: { tags, summary: 'A company’s QuickBooks connection and where its sync stands', querystring: qboCompanyQuery, response: { 200: qboProfile } } },
    async (request) => connectionProfile(deps, request.actor, request.query.client_company),
  );

  app.post(
    '/quickbooks/sync-client/',
    { preHandler: requireActor, schema: { tags, summary: 'Pull what changed in QuickBooks now', body: qboSyncClientBody, response: { 202: syncRequestResult } } },
    async (request, reply) => reply.status(202).send(await syncClient(deps, request.actor, request.body.client_company)),
  );

  app.register(async (hooks) => {
    // The signature covers the exact bytes Intuit sent, so the body stays a string until it is checked.
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post(
      '/quickbooks/webhooks/',
      { schema: { tags, summary: 'Intuit’s webhook deliveries (signed with the verifier token)', response: { 200: z.object({ received: z.number() }) } } },
      async (request, reply) => {
        const received = await receiveWebhook(deps, String(request.body ?? ''), request.headers['intuit-signature'] as string | undefined);
        return reply.send({ received });
      },
    );
  });
};
