import type { FastifyPluginAsync } from 'fastify';
import { clientSideEndpoints as e, clientSideEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import type { PeopleContext } from '../client-users/client-users.service.js';
import { inviteClientCoworker, listCompanyUsers, listOwnCompanies, myAccountant, removeClientCoworker, retrieveOwnCompany } from './client-side.service.js';

/** What a client sees of their own companies, as the contract's route table declares it. */
export const clientSideRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  const { db } = deps;
  const people: PeopleContext = { db, mailer: deps.mailer, appUrl: deps.config.appUrl, jobs: deps.jobs, replies: deps.config };

  serveEndpoint(app, clientSideEndpoints.ownCompanies, (r) => listOwnCompanies(db, r.actor));
  serveEndpoint(app, e.ownCompany, (r) => retrieveOwnCompany(db, r.actor, r.params.pk));
  serveEndpoint(app, e.myAccountant, (r) => myAccountant(db, r.actor, r.query.client_company));
  serveEndpoint(app, e.coworkers, (r) => listCompanyUsers(db, r.actor, r.query.client_company));
  serveEndpoint(app, e.inviteCoworker, (r) => inviteClientCoworker(people, r.actor, r.body));
  serveEndpoint(app, e.removeCoworker, (r) => removeClientCoworker(db, r.actor, r.params.pk, r.query.client_company));
};
