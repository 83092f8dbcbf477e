import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qboAuthorizeResponse, qboCompanyQuery, qboProfile, qboSyncClientBody, syncRequestResult, type ConnectionKind } from '@herd/contract';
import { requireActor } from '../../plugins/auth.js';
import { connectionProfile, syncClient } from './connection.service.js';
import { startReauth } from './connect.service.js';
import { setStateCookie, type StateCookie } from './state-cookie.js';

/** Which ledger these routes serve, on which path (`/quickbooks` → `quickbooks/reauth/`, …). */
export interface LedgerRouteOptions {
  kind: ConnectionKind;
  stateCookie: StateCookie;
  tag: string;
}

/**
 * The endpoints every OAuth ledger has under its own path, the same for all:
 * reconnect, profile, sync now. They only call the generic services, which
 * reach the ledger through its adapter. Each ledger registers them with its
 * own HTTP (its OAuth callback, its webhooks).
 */
export const ledgerConnectionRoutes: FastifyPluginAsyncZod<LedgerRouteOptions> = async (app, options) => {
  const deps = app.deps;
  const { kind, stateCookie } = options;
  const name = deps.ledgers.adapterFor(kind).displayName;
  const tags = [options.tag];

  app.get(
    `${stateCookie.prefix}/reauth/`,
    { preHandler: requireActor, schema: { tags, summary: `Reconnect a company whose ${name} grant was refused`, querystring: qboCompanyQuery, response: { 200: qboAuthorizeResponse } } },
    async (request, reply) => {
      const started = await startReauth(deps, request.actor, { kind, companyPk: request.query.client_company });
      setStateCookie(request, reply, stateCookie, started.nonce);
      return { url: started.url };
    },
  );

  app.get(
    `${stateCookie.prefix}/profile/`,
    { preHandler: requireActor, schema: { tags, summary: `A company’s ${name} connection and where its sync stands`, querystring: qboCompanyQuery, response: { 200: qboProfile } } },
    async (request) => connectionProfile(deps, request.actor, kind, request.query.client_company),
  );

  app.post(
    `${stateCookie.prefix}/sync-client/`,
    { preHandler: requireActor, schema: { tags, summary: `Pull what changed in ${name} now`, body: qboSyncClientBody, response: { 202: syncRequestResult } } },
    async (request, reply) => reply.status(202).send(await syncClient(deps, request.actor, request.body.client_company)),
  );
};
