import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientCompany,
  clientCompanyCreateBody,
  clientCompanyListQuery,
  clientCompanyUpdateBody,
  paginated,
  syncDateBody,
} from '@herd/contract';
import { z } from 'zod';
import { pageLinks } from '../../lib/pagination.js';
import { requireActor } from '../../plugins/auth.js';
import { clientCompaniesCsv } from './client-companies.csv.js';
import {
  createClientCompany,
  disconnectAll,
  disconnectClientCompany,
  listClientCompanies,
  retrieveClientCompany,
  updateClientCompany,
  updateSyncDate,
} from './client-companies.service.js';

const tags = ['client companies'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });
const CSV_EXPORT_LIMIT = 10_000;

export const clientCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.post(
    '/accounting/accountant/client-companies/create/',
    { schema: { tags, summary: 'Create a CSV, CONNECTIONLESS or GENERIC client company', body: clientCompanyCreateBody, response: { 201: clientCompany } } },
    async (request, reply) => reply.status(201).send(await createClientCompany(db, request.actor, request.body)),
  );

  app.get(
    '/accounting/accountant/client-companies/list/',
    { schema: { tags, summary: 'Client companies the user can see', querystring: clientCompanyListQuery, response: { 200: paginated(clientCompany) } } },
    async (request) => {
      const { count, results } = await listClientCompanies(db, request.actor, request.query);
      return { count, ...pageLinks(request.url, request.query.page, request.query.page_size, count), results };
    },
  );

  app.get(
    '/accounting/accountant/client-companies/csv/',
    { schema: { tags, summary: 'The client list as CSV (same filters as the list)', querystring: clientCompanyListQuery.omit({ page: true, page_size: true }) } },
    async (request, reply) => {
      const { results } = await listClientCompanies(db, request.actor, { ...request.query, page: 1, page_size: CSV_EXPORT_LIMIT });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="clients.csv"')
        .send(clientCompaniesCsv(results));
    },
  );

  app.get(
    '/accounting/accountant/client-company/:pk/retrieve/',
    { schema: { tags, summary: 'One client company', params: pkParams, response: { 200: clientCompany } } },
    async (request) => retrieveClientCompany(db, request.actor, request.params.pk),
  );

  app.patch(
    '/accounting/accountant/client-company/:pk/update/',
    { schema: { tags, summary: 'Name, assigned team members, client-editable fields, reminders, pinned note', params: pkParams, body: clientCompanyUpdateBody, response: { 200: clientCompany } } },
    async (request) => updateClientCompany(db, request.actor, request.params.pk, request.body),
  );

  app.patch(
    '/accounting/accountant/client-company/:pk/update/sync-date/',
    { schema: { tags, summary: 'Date from which transactions are pulled', params: pkParams, body: syncDateBody, response: { 200: clientCompany } } },
    async (request) => updateSyncDate(db, request.actor, request.params.pk, request.body.sync_date),
  );

  app.post(
    '/accounting/accountant/client-company/:pk/disconnect/',
    { schema: { tags, summary: 'Disconnect the company from its ledger', params: pkParams, response: { 200: clientCompany } } },
    async (request) => disconnectClientCompany(app.deps, request.actor, request.params.pk, request.log),
  );

  app.post(
    '/accounting/accountant/disconnect-all/',
    { schema: { tags, summary: 'Disconnect every client company of the firm', response: { 200: z.object({ disconnected: z.number() }) } } },
    async (request) => disconnectAll(app.deps, request.actor, request.log),
  );
};
