import type { FastifyPluginAsync } from 'fastify';
import { firmSettingsEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { getFirmSettings, updateFirmSettings } from './firm-settings.service.js';

/** The firm's branding, as the contract's route table declares it. */
export const firmSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.settings, (r) => getFirmSettings(deps, r.actor, {}));
  serveEndpoint(app, e.update, (r) => updateFirmSettings(deps, r.actor, r.body));
};
