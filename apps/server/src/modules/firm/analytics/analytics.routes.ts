import type { FastifyPluginAsync } from 'fastify';
import { analyticsEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { getAnalyticsSummary, getCompanyAnalytics, getMonthlyAnalytics, getUserAnalytics } from './analytics.service.js';

/** Transaction analytics, behind FEATURE_TRANSACTION_ANALYTICS (docs/analytics.md). */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.summary, (r) => getAnalyticsSummary(deps, r.actor, r.query));
  serveEndpoint(app, e.companyTotals, (r) => getCompanyAnalytics(deps, r.actor, r.query));
  serveEndpoint(app, e.perMonth, (r) => getMonthlyAnalytics(deps, r.actor, r.query));
  serveEndpoint(app, e.users, (r) => getUserAnalytics(deps, r.actor, r.query));
};
