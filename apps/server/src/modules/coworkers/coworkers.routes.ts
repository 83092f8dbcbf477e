import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coworker,
  coworkerInviteBody,
  coworkerUpdateBody,
  defaultClientCompanyBody,
  firmMemberSettings,
  tourBody,
} from '@herd/contract';
import { z } from 'zod';
import { peopleContext } from '../../lib/request-context.js';
import { requireActor } from '../../plugins/auth.js';
import { countCoworkers, inviteCoworker, listCoworkers, removeCoworker, retrieveCoworker, updateCoworker } from './coworkers.service.js';
import { setDefaultClientCompany, setTourState } from './member-settings.service.js';

const tags = ['coworkers'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });
const BASE = '/accounting/accountant-coworker/';
const MEMBER = '/accounting/accountant/accountant-company-user/:pk';

export const coworkerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.get(BASE, { schema: { tags, summary: 'The firm’s team', response: { 200: z.array(coworker) } } }, async (request) =>
    listCoworkers(db, request.actor),
  );
  app.get(`${BASE}count/`, { schema: { tags, summary: 'How many people the firm has', response: { 200: z.object({ count: z.number() }) } } }, async (request) =>
    countCoworkers(db, request.actor),
  );
  app.post(
    BASE,
    { schema: { tags, summary: 'Invite a coworker (firm admin only)', body: coworkerInviteBody, response: { 201: coworker } } },
    async (request, reply) => reply.status(201).send(await inviteCoworker(peopleContext(request), request.actor, request.body)),
  );
  app.get(`${BASE}:pk/`, { schema: { tags, summary: 'One coworker', params: pkParams, response: { 200: coworker } } }, async (request) =>
    retrieveCoworker(db, request.actor, request.params.pk),
  );
  app.patch(
    `${BASE}:pk/`,
    { schema: { tags, summary: 'Change a coworker’s name, phone or role (firm admin only)', params: pkParams, body: coworkerUpdateBody, response: { 200: coworker } } },
    async (request) => updateCoworker(db, request.actor, request.params.pk, request.body),
  );
  app.delete(
    `${BASE}:pk/`,
    { schema: { tags, summary: 'Remove a coworker (firm admin only)', params: pkParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeCoworker(db, request.actor, request.params.pk);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    `${MEMBER}/default-client-company/update/`,
    { schema: { tags, summary: 'The client a user opens by default (own settings only)', params: pkParams, body: defaultClientCompanyBody, response: { 200: firmMemberSettings } } },
    async (request) => setDefaultClientCompany(db, request.actor, request.params.pk, request.body.client_company),
  );
  app.patch(
    `${MEMBER}/tour/:name/update/`,
    {
      schema: {
        tags,
        summary: 'Mark a product tour done or not (own settings only)',
        params: pkParams.extend({ name: z.string().max(64) }),
        body: tourBody,
        response: { 200: firmMemberSettings },
      },
    },
    async (request) => setTourState(db, request.actor, request.params.pk, request.params.name, request.body.completed),
  );
};
