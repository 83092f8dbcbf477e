import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';

/**
 * For end-to-end tests only, registered with the outbox route (HERD_E2E_OUTBOX=1):
 * one entity as the built-in QuickBooks sandbox holds it, so a browser test can
 * check that a publish reached the ledger the way an accountant would look in
 * QuickBooks.
 */
export const testingQboSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/testing/qbo-sandbox/:realmId/:entity/:id/',
    { schema: { hide: true, params: z.object({ realmId: z.string(), entity: z.string(), id: z.string() }) } },
    async (request) => {
      const entity = app.qboSandbox?.getEntity(request.params.realmId, request.params.entity, request.params.id);
      if (!entity) throw new NotFoundError();
      return entity;
    },
  );
};
