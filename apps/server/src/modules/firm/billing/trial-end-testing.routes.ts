import type { FastifyPluginAsync } from 'fastify';
import { testingEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { endTrialNow } from './trial-end-testing.service.js';
import { hideFromDocs } from '../../platform/testing/testing.face.js';

/**
 * For end-to-end tests only, registered only when HERD_E2E_OUTBOX=1: ends the
 * signed-in admin's firm's trial a second ago, so a browser test can see a
 * lapsed firm without waiting 14 days. Sign-in treats a trial past its end as
 * expired at once; the hourly sweep records it later.
 */
export const testingBillingRoutes: FastifyPluginAsync = async (app) => {
  hideFromDocs(app);
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.endTrial, (r) => endTrialNow(app.deps, r.actor, {}));
};
