import type { FastifyPluginAsync } from 'fastify';
import { reviewCheckSettingsEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { getReviewCheckSettings, updateReviewCheckSettings } from './review-check-settings.service.js';

/** The firm's review-check settings (docs/review-checks.md, "Firm settings"). */
export const reviewCheckSettingsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.settings, (r) => getReviewCheckSettings(deps, r.actor, {}));
  serveEndpoint(app, e.update, (r) => updateReviewCheckSettings(deps, r.actor, r.body));
};
