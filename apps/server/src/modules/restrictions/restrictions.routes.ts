import type { FastifyPluginAsync } from 'fastify';
import { restrictionEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
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
  const { db } = app.deps;

  serveEndpoint(app, e.list, (r) => listCompanyRestrictions(db, r.actor, r.query.client_company, r.query.user));
  serveEndpoint(app, e.create, (r) => createRestriction(db, r.actor, r.body));
  serveEndpoint(app, e.update, (r) => updateOneRestriction(db, r.actor, r.params.restriction_pk, r.body));
  serveEndpoint(app, e.remove, (r) => removeRestrictions(db, r.actor, [r.params.restriction_pk]));
  serveEndpoint(app, e.bulkCreate, (r) => createRestrictions(db, r.actor, r.body));
  serveEndpoint(app, e.bulkDelete, (r) => removeRestrictions(db, r.actor, r.body.pks));
  serveEndpoint(app, e.usersWithRestrictions, (r) => usersWithRestrictions(db, r.actor, r.query.client_company));
};
