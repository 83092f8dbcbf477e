import type { FastifyPluginAsync } from 'fastify';
import { clientSideEndpoints as e, clientSideEndpoints, transactionEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { clientCompanyCounters } from './client-counters.service.js';
import { inviteClientCoworker, listCompanyUsers, listOwnCompanies, myAccountant, removeClientCoworker, retrieveOwnCompany } from './client-side.service.js';

/** What a client sees of their own companies, as the contract's route table declares it. */
export const clientSideRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, clientSideEndpoints.ownCompanies, (r) => listOwnCompanies(deps, r.actor, {}));
  serveEndpoint(app, e.ownCompany, (r) => retrieveOwnCompany(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.myAccountant, (r) => myAccountant(deps, r.actor, { companyPk: r.query.client_company }));
  serveEndpoint(app, e.coworkers, (r) => listCompanyUsers(deps, r.actor, { companyPk: r.query.client_company }));
  serveEndpoint(app, e.inviteCoworker, (r) => inviteClientCoworker(deps, r.actor, r.body));
  // Declared with the transactions' routes, but the client's dashboard counts receipts and requests too.
  serveEndpoint(app, transactionEndpoints.clientCounters, (r) => clientCompanyCounters(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.removeCoworker, (r) => removeClientCoworker(deps, r.actor, { userPk: r.params.pk, companyPk: r.query.client_company }));
};
