import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientCompanyQuery,
  clientCoworkerInviteBody,
  clientSideCompany,
  companyUser,
  myAccountant as myAccountantSchema,
  requiredCompanyQuery,
} from '@herd/contract';
import { z } from 'zod';
import { peopleContext } from '../../lib/request-context.js';
import { requireActor } from '../../plugins/auth.js';
import {
  inviteClientCoworker,
  listCompanyUsers,
  listOwnCompanies,
  myAccountant,
  removeClientCoworker,
  retrieveOwnCompany,
} from './client-side.service.js';

const tags = ['client side'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });

export const clientSideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.get(
    '/accounting/client/companies/list/',
    { schema: { tags, summary: 'The signed-in client’s companies', response: { 200: z.array(clientSideCompany) } } },
    async (request) => listOwnCompanies(db, request.actor),
  );
  app.get(
    '/accounting/client/company/:pk/retrieve/',
    { schema: { tags, summary: 'One of the client’s companies (or, for an accountant, viewed as its client)', params: pkParams, response: { 200: clientSideCompany } } },
    async (request) => retrieveOwnCompany(db, request.actor, request.params.pk),
  );
  app.get(
    '/accounting/my-accountant/',
    { schema: { tags, summary: 'The client’s firm and who to contact there', querystring: clientCompanyQuery, response: { 200: myAccountantSchema } } },
    async (request) => myAccountant(db, request.actor, request.query.client_company),
  );
  app.get(
    '/accounting/client-coworker/',
    { schema: { tags, summary: 'People with access to one of the client’s companies', querystring: requiredCompanyQuery, response: { 200: z.array(companyUser) } } },
    async (request) => listCompanyUsers(db, request.actor, request.query.client_company),
  );
  app.post(
    '/accounting/client-coworker/',
    { schema: { tags, summary: 'Invite a coworker to the client’s company', body: clientCoworkerInviteBody, response: { 201: companyUser } } },
    async (request, reply) => reply.status(201).send(await inviteClientCoworker(peopleContext(request), request.actor, request.body)),
  );
  app.delete(
    '/accounting/client-coworker/:pk/',
    { schema: { tags, summary: 'Remove a coworker from the client’s company', params: pkParams, querystring: requiredCompanyQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeClientCoworker(db, request.actor, request.params.pk, request.query.client_company);
      return reply.status(204).send(null);
    },
  );
};
