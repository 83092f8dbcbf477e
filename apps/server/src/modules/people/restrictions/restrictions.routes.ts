import type { FastifyPluginAsync } from 'fastify';
import { restrictionEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import {
  createRestriction,
  createRestrictions,
  listCompanyRestrictions,
  removeRestrictions,
  updateOneRestriction,
  usersWithRestrictions,
} from './restrictions.service.js';

/** Which accounts a client user may see and answer for, as the contract's route table declares it. */
export const restrictionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.list, (r) => listCompanyRestrictions(deps, r.actor, { companyPk: r.query.client_company, userPk: r.query.user }));
  serveEndpoint(app, e.create, (r) => createRestriction(deps, r.actor, r.body));
  serveEndpoint(app, e.update, (r) => updateOneRestriction(deps, r.actor, { restrictionPk: r.params.restriction_pk, ...r.body }));
  serveEndpoint(app, e.remove, (r) => removeRestrictions(deps, r.actor, { pks: [r.params.restriction_pk] }));
  serveEndpoint(app, e.bulkCreate, (r) => createRestrictions(deps, r.actor, r.body));
  serveEndpoint(app, e.bulkDelete, (r) => removeRestrictions(deps, r.actor, { pks: r.body.pks }));
  serveEndpoint(app, e.usersWithRestrictions, (r) => usersWithRestrictions(deps, r.actor, { companyPk: r.query.client_company }));
};
