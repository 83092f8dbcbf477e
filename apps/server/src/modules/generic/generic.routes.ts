import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  genericPublished,
  genericPublishedQuery,
  genericReferenceListsBody,
  genericSyncStatus,
  genericTransactionsBody,
  genericUpsertResult,
  integrationToken,
  notifyBody,
  tokenCreateBody,
} from '@herd/contract';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors.js';
import { requireActor } from '../../plugins/auth.js';

import { publishedSince, syncStatus, upsertReferenceLists, upsertTransactions } from './ingest.service.js';
import { toPublishedFeed } from './published-feed.js';
import { companyOfToken, createToken, listTokens, revokeToken } from './tokens.service.js';
import { companyAccess } from '../access/company-access.js';

export const GENERIC_INGEST_PREFIX = '/api/v1/generic-client/ingest/';
const pkParams = z.object({ pk: z.coerce.number().int().positive() });

/** Routes another system calls with `Authorization: Bearer <token>` (no cookie, so no CSRF). */
const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.decorateRequest('genericCompanyPk', 0);
  app.addHook('preHandler', async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const companyPk = token ? await companyOfToken(db, token) : null;
    if (!companyPk) throw new UnauthorizedError('A valid API token is required (Authorization: Bearer <token>).');
    request.genericCompanyPk = companyPk;
  });
  const tags = ['generic ledger API'];
  const security = [{ bearer: [] }];

  app.post(
    '/reference-lists/',
    { schema: { tags, security, summary: 'Upsert accounts and reference lists by external id', body: genericReferenceListsBody, response: { 200: z.object({ accounts: z.number(), refs: z.number() }) } } },
    async (request) => upsertReferenceLists(db, request.genericCompanyPk, request.body),
  );
  app.post(
    '/transactions/',
    { schema: { tags, security, summary: 'Upsert transactions by external id (deleted: true cancels)', body: genericTransactionsBody, response: { 200: genericUpsertResult } } },
    async (request) => upsertTransactions(db, request.genericCompanyPk, request.body),
  );
  app.get(
    '/published/',
    { schema: { tags, security, summary: 'What Herd published, oldest first; pass next_since back as since', querystring: genericPublishedQuery, response: { 200: genericPublished } } },
    async (request) => toPublishedFeed(db, request.genericCompanyPk, await publishedSince(db, request.genericCompanyPk, request.query.since, request.query.limit)),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    genericCompanyPk: number;
  }
}

/** The accountant's side: API tokens and sync state, with the session cookie. */
const accountantRoutes: FastifyPluginAsyncZod = async (accountant) => {
  const { db } = accountant.deps;
  accountant.addHook('preHandler', requireActor);
  const tags = ['generic ledger'];
  const base = '/accounting/accountant/client-company/:pk/generic/tokens/';
  accountant.get(base, { schema: { tags, summary: 'API tokens of a generic-ledger company', params: pkParams, response: { 200: z.array(integrationToken) } } }, async (request) =>
    listTokens(db, request.actor, request.params.pk),
  );
  accountant.post(
    base,
    { schema: { tags, summary: 'Make an API token (shown once)', params: pkParams, body: tokenCreateBody, response: { 201: integrationToken } } },
    async (request, reply) => reply.status(201).send(await createToken(db, request.actor, request.params.pk, request.body.name)),
  );
  accountant.delete(
    `${base}:tokenPk/`,
    { schema: { tags, summary: 'Revoke an API token', params: pkParams.extend({ tokenPk: z.coerce.number().int().positive() }), response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeToken(db, request.actor, request.params.pk, request.params.tokenPk);
      return reply.status(204).send(null);
    },
  );
  accountant.post(
    '/generic-client/sync-client/',
    { schema: { tags, summary: 'Sync state of a generic-ledger company (the other system pushes; Herd cannot pull)', body: notifyBody, response: { 200: genericSyncStatus } } },
    async (request) => syncStatus(db, (await companyAccess(db, request.actor, request.body.client_company, 'accountant')).company.pk),
  );
};

export const genericRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ingestRoutes, { prefix: '/generic-client/ingest' });
  await app.register(accountantRoutes);
};
