import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firmSettings, firmSettingsBody } from '@herd/contract';
import { requireActor } from '../../plugins/auth.js';
import { getFirmSettings, updateFirmSettings } from './firm-settings.service.js';

const tags = ['firm settings'];

export const firmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.get(
    '/accounting/accountant/firm-settings/',
    { schema: { tags, summary: 'The firm’s branding', response: { 200: firmSettings } } },
    async (request) => getFirmSettings(db, request.actor),
  );
  app.patch(
    '/accounting/accountant/firm-settings/update/',
    { schema: { tags, summary: 'Change the firm’s name, main colour or logo (firm admin only)', body: firmSettingsBody, response: { 200: firmSettings } } },
    async (request) => updateFirmSettings(db, request.actor, request.body),
  );
};
