import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerDismissBody, passwordChangeBody, profile, profileUpdateBody } from '@herd/contract';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import { dismissBanner } from '../banners/banners.service.js';
import { changePassword, getProfile, updateProfile } from './profile.service.js';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);

  app.get(
    '/users/profile/',
    { schema: { tags, summary: 'The signed-in user (401 when signed out)', response: { 200: profile } } },
    async (request) => getProfile(app.deps.db, request.actor.userId),
  );

  app.patch(
    '/users/profile/update/',
    { schema: { tags, summary: 'Update name and phone', body: profileUpdateBody, response: { 200: profile } } },
    async (request) => updateProfile(app.deps.db, request.actor, request.body),
  );

  app.post(
    '/users/profile/password/',
    { schema: { tags, summary: 'Change password; other sessions are signed out', body: passwordChangeBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await changePassword(app.deps.db, app.deps.mailer, request.actor, request.body, request.session!.tokenHash);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/generic/global-banners/dismiss/',
    { schema: { tags: ['banners'], summary: 'Hide a banner for this user', body: bannerDismissBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await dismissBanner(app.deps.db, request.actor, request.body.pk);
      return reply.status(204).send(null);
    },
  );
};
