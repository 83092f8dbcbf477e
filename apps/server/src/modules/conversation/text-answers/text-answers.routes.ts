import type { FastifyPluginAsync } from 'fastify';
import { textAnswerEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { readTextSettings, updateTextSettings } from './text-settings.service.js';

/** A client's consent to questions by text (signed in). */
export const textAnswerRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.settings, (r) => readTextSettings(deps, r.actor, {}));
  serveEndpoint(app, e.settingsUpdate, (r) => updateTextSettings(deps, r.actor, r.body));
};
