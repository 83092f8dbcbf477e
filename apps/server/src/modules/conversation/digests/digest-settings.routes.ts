import type { FastifyPluginAsync } from 'fastify';
import { emailPreferenceEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { getDigestSettings, updateDigestSettings } from './digest-settings.service.js';

/** The signed-in accountant's daily digest: on or off, hour and time zone. */
export const digestSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.digest, (r) => getDigestSettings(app.deps, r.actor, {}));
  serveEndpoint(app, e.digestUpdate, (r) => updateDigestSettings(app.deps, r.actor, r.body));
};
