import type { FastifyPluginAsync } from 'fastify';
import { automationEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { automationEvents, automationReport } from './automation-report.service.js';

/** The automation report (docs/review-checks.md, "Automation that reports on itself"). */
export const automationReportRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.report, (r) => automationReport(deps, r.actor, {}));
  serveEndpoint(app, e.events, (r) => automationEvents(deps, r.actor, { query: r.query, url: r.url }));
};
