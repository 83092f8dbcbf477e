import type { FastifyPluginAsync } from 'fastify';
import { clientUserEndpoints as e } from '@herd/contract';
import { peopleContext } from '../../lib/request-context.js';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { inviteClientUser, listClientUsers, removeClientUser, retrieveClientUser, updateClientContacts, updateClientUser } from './client-users.service.js';

/** The people of the firm's clients, as the contract's route table declares them. */
export const clientUserRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  serveEndpoint(app, e.list, (r) => listClientUsers(db, r.actor, r.query, r.url));
  serveEndpoint(app, e.invite, (r) => inviteClientUser(peopleContext(r), r.actor, r.body));
  serveEndpoint(app, e.retrieve, (r) => retrieveClientUser(db, r.actor, r.params.pk));
  serveEndpoint(app, e.update, (r) => updateClientUser(db, r.actor, r.params.pk, r.body));
  serveEndpoint(app, e.remove, (r) => removeClientUser(db, r.actor, r.params.pk, r.query.client_company));
  serveEndpoint(app, e.contactsUpdate, (r) => updateClientContacts(peopleContext(r), r.actor, r.params.pk, r.body));
};
