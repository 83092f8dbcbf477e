import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkPksBody,
  requiredCompanyQuery,
  restriction,
  restrictionBulkCreateBody,
  restrictionCreateBody,
  restrictionListQuery,
  restrictionUpdateBody,
  userWithRestrictions,
} from '@herd/contract';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import {
  createRestrictions,
  listCompanyRestrictions,
  removeRestrictions,
  updateOneRestriction,
  usersWithRestrictions,
} from './restrictions.service.js';

const tags = ['user account restrictions'];
const BASE = '/accounting/accountant/user-account-restrictions/';
const params = z.object({ restriction_pk: z.coerce.number().int().positive() });

export const restrictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.get(
    BASE,
    { schema: { tags, summary: 'Restrictions of a client company (optionally one user)', querystring: restrictionListQuery, response: { 200: z.array(restriction) } } },
    async (request) => listCompanyRestrictions(db, request.actor, request.query.client_company, request.query.user),
  );
  app.post(
    BASE,
    { schema: { tags, summary: 'Limit a client user to one more account', body: restrictionCreateBody, response: { 201: restriction } } },
    async (request, reply) => {
      const { account, ...rest } = request.body;
      const [created] = await createRestrictions(db, request.actor, { ...rest, accounts: [account] });
      return reply.status(201).send(created!);
    },
  );
  app.patch(
    `${BASE}:restriction_pk/`,
    { schema: { tags, summary: 'Change a restriction’s account or kind', params, body: restrictionUpdateBody, response: { 200: restriction } } },
    async (request) => updateOneRestriction(db, request.actor, request.params.restriction_pk, request.body),
  );
  app.delete(
    `${BASE}:restriction_pk/`,
    { schema: { tags, summary: 'Remove a restriction', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeRestrictions(db, request.actor, [request.params.restriction_pk]);
      return reply.status(204).send(null);
    },
  );
  app.post(
    `${BASE}bulk-create/`,
    { schema: { tags, summary: 'Limit a client user to several accounts at once (existing ones are kept)', body: restrictionBulkCreateBody, response: { 201: z.array(restriction) } } },
    async (request, reply) => reply.status(201).send(await createRestrictions(db, request.actor, request.body)),
  );
  app.post(
    `${BASE}bulk-delete/`,
    { schema: { tags, summary: 'Remove several restrictions', body: bulkPksBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeRestrictions(db, request.actor, request.body.pks);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/accounting/accountant/users-with-restrictions/',
    { schema: { tags, summary: 'Client users of a company who have restrictions, with them', querystring: requiredCompanyQuery, response: { 200: z.array(userWithRestrictions) } } },
    async (request) => usersWithRestrictions(db, request.actor, request.query.client_company),
  );
};
