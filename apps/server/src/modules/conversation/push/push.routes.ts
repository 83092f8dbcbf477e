import type { FastifyPluginAsync } from 'fastify';
import { pushEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { listPushDevices, pushPublicKey, readPushSettings, removePushDevice, subscribePush, updatePushSettings } from './push.service.js';

/** A person's own devices that get push notifications, and their quiet hours (signed in). */
export const pushRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.publicKey, (r) => pushPublicKey(deps, r.actor, {}));
  serveEndpoint(app, e.devices, (r) => listPushDevices(deps, r.actor, {}));
  serveEndpoint(app, e.subscribe, (r) => subscribePush(deps, r.actor, r.body));
  serveEndpoint(app, e.remove, (r) => removePushDevice(deps, r.actor, { pk: r.params.pk }));
  serveEndpoint(app, e.settings, (r) => readPushSettings(deps, r.actor, {}));
  serveEndpoint(app, e.settingsUpdate, (r) => updatePushSettings(deps, r.actor, r.body));
};
