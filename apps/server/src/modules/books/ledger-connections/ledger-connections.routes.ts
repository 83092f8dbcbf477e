import type { FastifyPluginAsync } from 'fastify';
import type { ConnectionKind, LedgerConnectionEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { connectionProfile, syncClient } from './connection.service.js';
import { startReauth } from './connect.service.js';
import { returnOriginOf } from './return-origin.rule.js';
import { towardsLedger, type StateCookie } from './state-cookie.rule.js';

/** Which ledger these routes serve: its kind, its OAuth cookie, and its copy of the endpoints every ledger has. */
export interface LedgerRouteOptions {
  kind: ConnectionKind;
  stateCookie: StateCookie;
  endpoints: LedgerConnectionEndpoints;
}

/**
 * The endpoints every OAuth ledger has under its own path, the same for all:
 * reconnect, profile, sync now. They only call the generic services, which
 * reach the ledger through its adapter. Each ledger registers them with its
 * own HTTP (its OAuth callback, its webhooks).
 */
export const ledgerConnectionRoutes: FastifyPluginAsync<LedgerRouteOptions> = async (app, { kind, stateCookie, endpoints: e }) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.reauth, async (r, reply) =>
    towardsLedger(r, reply, stateCookie, await startReauth(deps, r.actor, { kind, companyPk: r.query.client_company, origin: returnOriginOf(r, deps.config.appUrl) })),
  );
  serveEndpoint(app, e.profile, (r) => connectionProfile(deps, r.actor, { kind, companyPk: r.query.client_company }));
  serveEndpoint(app, e.syncClient, (r) => syncClient(deps, r.actor, { companyPk: r.body.client_company }));
};
