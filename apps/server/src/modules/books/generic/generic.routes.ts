import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX, GENERIC_INGEST_PATH, genericEndpoints as e } from '@herd/contract';
import { UnauthorizedError } from '../../../lib/errors.js';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { requireActor } from '../../../plugins/auth.js';
import { companySyncStatus, upsertReferenceLists, upsertTransactions } from './ingest.service.js';
import { publishedFeed } from './published-feed.service.js';
import { companyOfToken, createToken, listTokens, revokeToken } from './tokens.service.js';

export const GENERIC_INGEST_PREFIX = `${API_PREFIX}/${GENERIC_INGEST_PATH}`;

/** Routes another system calls with `Authorization: Bearer <token>` (no cookie, so no CSRF). */
const ingestRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  app.decorateRequest('genericCompanyPk', 0);
  // The API documentation says these take the bearer token (the route table has no field for it).
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  app.addHook('preHandler', async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const companyPk = token ? await companyOfToken(db, token) : null;
    if (!companyPk) throw new UnauthorizedError('A valid API token is required (Authorization: Bearer <token>).');
    request.genericCompanyPk = companyPk;
  });

  serveEndpoint(app, e.ingestReferenceLists, (r) => upsertReferenceLists(deps, visitorOf(r), { companyPk: r.genericCompanyPk, body: r.body }));
  serveEndpoint(app, e.ingestTransactions, (r) => upsertTransactions(deps, visitorOf(r), { companyPk: r.genericCompanyPk, body: r.body }));
  serveEndpoint(app, e.ingestPublished, (r) => publishedFeed(deps, visitorOf(r), { companyPk: r.genericCompanyPk, since: r.query.since, limit: r.query.limit }));
};

declare module 'fastify' {
  interface FastifyRequest {
    genericCompanyPk: number;
  }
}

/** The accountant's side: API tokens and sync state, with the session cookie. */
const accountantRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.addHook('preHandler', requireActor);
  serveEndpoint(app, e.tokens, (r) => listTokens(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.createToken, (r) => createToken(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
  serveEndpoint(app, e.revokeToken, (r) => revokeToken(deps, r.actor, { companyPk: r.params.pk, tokenPk: r.params.tokenPk }));
  serveEndpoint(app, e.syncClient, (r) => companySyncStatus(deps, r.actor, { companyPk: r.body.client_company }));
};

export const genericRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ingestRoutes);
  await app.register(accountantRoutes);
};
