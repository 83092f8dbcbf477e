import type { FastifyInstance } from 'fastify';
import { msIso } from './dates.js';
import { notFound } from './errors.js';
import { bearerGrant } from './oauth.routes.js';
import type { XeroState } from './state.js';

/**
 * `GET /connections` and `DELETE /connections/{id}` (§2.1). A token sees the connections of the
 * Xero user who consented, as Xero lists a user their own.
 */
export function connectionRoutes(state: XeroState) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/connections', async (request) => {
      const grant = bearerGrant(state, request);
      const { authEventId } = request.query as { authEventId?: string };
      return [...state.oauth.connections.values()]
        .filter((connection) => connection.userSub === grant.user.sub && (authEventId === undefined || connection.authEventId === authEventId))
        .map((connection) => ({
          id: connection.id,
          authEventId: connection.authEventId,
          tenantId: connection.tenantId,
          tenantType: 'ORGANISATION',
          tenantName: state.orgs.get(connection.tenantId)?.name ?? null,
          createdDateUtc: msIso(connection.createdAt),
          updatedDateUtc: msIso(connection.updatedAt),
        }));
    });

    app.delete('/connections/:id', async (request, reply) => {
      const grant = bearerGrant(state, request);
      const { id } = request.params as { id: string };
      if (state.oauth.connections.get(id)?.userSub !== grant.user.sub || !state.oauth.connections.delete(id)) throw notFound(`No connection ${id}`);
      return reply.status(204).send();
    });
  };
}
