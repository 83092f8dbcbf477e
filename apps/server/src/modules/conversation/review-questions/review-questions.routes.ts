import type { FastifyPluginAsync } from 'fastify';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { askAboutFinding } from './review-questions.service.js';

/** Asking the client about a review check's finding in one click (docs/review-checks.md). */
export const reviewQuestionRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.reviewFindingAsk, (r) => askAboutFinding(deps, r.actor, { companyPk: r.params.pk, findingPk: r.params.finding }));
};
