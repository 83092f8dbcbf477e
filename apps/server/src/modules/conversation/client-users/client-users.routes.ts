import type { FastifyPluginAsync } from 'fastify';
import { clientCompanyEndpoints, clientUserEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import {
  getClientMagicLink,
  inviteClientUser,
  listClientUsers,
  notifyClient,
  removeClientUser,
  retrieveClientUser,
  updateClientContacts,
  updateClientUser,
} from './client-users.service.js';

/** The people of the firm's clients, as the contract's route table declares them. */
export const clientUserRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.list, (r) => listClientUsers(deps, r.actor, { query: r.query, url: r.url }));
  serveEndpoint(app, e.invite, (r) => inviteClientUser(deps, r.actor, r.body));
  serveEndpoint(app, e.retrieve, (r) => retrieveClientUser(deps, r.actor, { userPk: r.params.pk }));
  serveEndpoint(app, e.update, (r) => updateClientUser(deps, r.actor, { userPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.remove, (r) => removeClientUser(deps, r.actor, { userPk: r.params.pk, companyPk: r.query.client_company }));
  serveEndpoint(app, e.contactsUpdate, (r) => updateClientContacts(deps, r.actor, { userPk: r.params.pk, ...r.body }));
  // Declared with the client companies' routes (a company's client is told, or given a link), but the client's people are this module's.
  serveEndpoint(app, clientCompanyEndpoints.magicLink, (r) => getClientMagicLink(deps, r.actor, { companyPk: r.body.client_company, userPk: r.body.user }));
  serveEndpoint(app, clientCompanyEndpoints.sendNotification, (r) => notifyClient(deps, r.actor, { companyPk: r.body.client_company }));
};
