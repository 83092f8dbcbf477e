import type { FastifyPluginAsync } from 'fastify';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { dismissReviewFinding, listReviewFindings, runReviewChecksNow } from './review-checks.service.js';

/** The review checks of one client company: the findings, a run on demand, a dismissal (docs/review-checks.md); asking the client is conversation/review-questions'. */
export const reviewCheckRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.reviewChecks, (r) => listReviewFindings(deps, r.actor, { companyPk: r.params.pk, state: r.query.state }));
  serveEndpoint(app, e.reviewChecksRun, (r) => runReviewChecksNow(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.reviewFindingDismiss, (r) => dismissReviewFinding(deps, r.actor, { companyPk: r.params.pk, findingPk: r.params.finding }));
};
