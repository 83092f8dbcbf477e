import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientCompanyQuery,
  clientUser,
  contactsUpdateBody,
  clientUserInviteBody,
  clientUserListQuery,
  paginated,
  personUpdateBody,
} from '@herd/contract';
import { z } from 'zod';
import { pageLinks } from '../../lib/pagination.js';
import { peopleContext } from '../../lib/request-context.js';
import { requireActor } from '../../plugins/auth.js';
import {
  inviteClientUser,
  listClientUsers,
  removeClientUser,
  retrieveClientUser,
  updateClientContacts,
  updateClientUser,
} from './client-users.service.js';

const tags = ['client users'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });
const BASE = '/accounting/accountant-client-user/';

export const clientUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.get(
    BASE,
    { schema: { tags, summary: 'Client users of the clients the user can see', querystring: clientUserListQuery, response: { 200: paginated(clientUser) } } },
    async (request) => {
      const { count, results } = await listClientUsers(db, request.actor, request.query);
      return { count, ...pageLinks(request.url, request.query.page, request.query.page_size, count), results };
    },
  );

  app.post(
    BASE,
    { schema: { tags, summary: 'Invite a client user to a client company (emails a sign-in link)', body: clientUserInviteBody, response: { 201: clientUser } } },
    async (request, reply) => reply.status(201).send(await inviteClientUser(peopleContext(request), request.actor, request.body)),
  );

  app.get(
    `${BASE}:pk/`,
    { schema: { tags, summary: 'One client user', params: pkParams, response: { 200: clientUser } } },
    async (request) => retrieveClientUser(db, request.actor, request.params.pk),
  );

  app.patch(
    `${BASE}:pk/`,
    { schema: { tags, summary: 'Update a client user’s name or phone', params: pkParams, body: personUpdateBody, response: { 200: clientUser } } },
    async (request) => updateClientUser(db, request.actor, request.params.pk, request.body),
  );

  app.delete(
    `${BASE}:pk/`,
    { schema: { tags, summary: 'Remove access to one client (?client_company=) or to all', params: pkParams, querystring: clientCompanyQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeClientUser(db, request.actor, request.params.pk, request.query.client_company);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/users/accountant/user/:pk/contacts-update/',
    { schema: { tags, summary: 'Correct a client user’s email or phone', params: pkParams, body: contactsUpdateBody, response: { 200: clientUser } } },
    async (request) => updateClientContacts(db, request.actor, request.params.pk, request.body),
  );
};
