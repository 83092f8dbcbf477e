import type { FastifyPluginAsync } from 'fastify';
import { ruleEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { changeRule, createRule, listRules, removeRule } from './rules.service.js';
import { learnedPatterns } from './patterns.service.js';

/** The accountant's rules, as the contract's route table declares them. */
export const ruleRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  serveEndpoint(app, e.list, (r) => listRules(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.patterns, (r) => learnedPatterns(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.create, (r) => createRule(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.update, (r) => changeRule(deps, r.actor, { rulePk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.delete, (r) => removeRule(deps, r.actor, { rulePk: r.params.pk }));
};
