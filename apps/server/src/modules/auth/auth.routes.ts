import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeBody,
  codeParams,
  detailResponse,
  details,
  emailBody,
  loginBody,
  loginResponse,
  newPasswordBody,
  profile,
  signupBody,
} from '@herd/contract';
import { z } from 'zod';
import { authContext, secureCookies } from '../../lib/request-context.js';
import { getProfile } from '../profile/profile.service.js';
import {
  finishPasswordReset,
  requestPasswordReset,
  sendMagicLink,
  sendNewMagicLink,
  signInWithMagicLink,
  signInWithPassword,
  signupAccountant,
  type SignInResult,
} from './auth.service.js';
import { clearSessionCookie, endSession, startSession } from './sessions.js';

const tags = ['auth'];

/** Opens the session; with a second factor pending it is half-open and the answer is the challenge. */
const completeSignIn = async (request: FastifyRequest, reply: FastifyReply, result: SignInResult) => {
  const { db } = request.server.deps;
  await startSession(db, reply, {
    userId: result.userId,
    mfaVerified: result.mfaMethod === null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    secure: secureCookies(request),
  });
  if (result.mfaMethod) return { mfa_required: true as const, mfa_method: result.mfaMethod };
  return getProfile(db, result.userId);
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/accountant-signup/',
    { schema: { tags, summary: 'Start a free trial: new firm and its admin', body: signupBody, response: { 201: profile } } },
    async (request, reply) => {
      const userId = await signupAccountant(authContext(request), request.body);
      const result = await completeSignIn(request, reply, { userId, mfaMethod: null });
      return reply.status(201).send(result as z.infer<typeof profile>);
    },
  );

  app.post(
    '/users/login/',
    { schema: { tags, summary: 'Sign in with email and password', body: loginBody, response: { 200: loginResponse } } },
    async (request, reply) => completeSignIn(request, reply, await signInWithPassword(authContext(request), request.body)),
  );

  app.post(
    '/users/logout/',
    { schema: { tags, summary: 'Sign out this session', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.session) await endSession(app.deps.db, request.session.tokenHash);
      clearSessionCookie(reply, secureCookies(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/login/send-magic-link/',
    { schema: { tags, summary: 'Email a sign-in link (same answer for any email)', body: emailBody, response: { 200: detailResponse } } },
    async (request) => {
      await sendMagicLink(authContext(request), request.body.email);
      return { detail: details.magicLinkSent };
    },
  );

  app.post(
    '/login/with-magic-link/',
    { schema: { tags, summary: 'Sign in with the code of a magic link', body: codeBody, response: { 200: loginResponse } } },
    async (request, reply) =>
      completeSignIn(request, reply, await signInWithMagicLink(authContext(request), request.body.code)),
  );

  app.post(
    '/login/send-new-magic-link/',
    { schema: { tags, summary: 'Email a fresh link to the owner of an expired or used code', body: codeBody, response: { 200: detailResponse } } },
    async (request) => {
      await sendNewMagicLink(authContext(request), request.body.code);
      return { detail: details.newMagicLinkSent };
    },
  );

  app.post(
    '/users/reset-password/',
    { schema: { tags, summary: 'Email a password reset link (same answer for any email)', body: emailBody, response: { 200: detailResponse } } },
    async (request) => {
      await requestPasswordReset(authContext(request), request.body.email);
      return { detail: details.resetSent };
    },
  );

  app.post(
    '/users/finish-reset-password/:code/',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code of a reset link',
        params: codeParams,
        body: newPasswordBody,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await finishPasswordReset(authContext(request), request.params.code, request.body.password);
      return { detail: details.passwordChanged };
    },
  );
};
