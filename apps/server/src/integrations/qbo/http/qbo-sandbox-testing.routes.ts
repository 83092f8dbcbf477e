import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerConnections, transactions } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';

/**
 * For end-to-end tests only, registered with the outbox route (HERD_E2E_OUTBOX=1):
 * a Herd transaction as the built-in QuickBooks sandbox holds it, so a browser
 * test can check that a publish reached the ledger the way an accountant would
 * look in QuickBooks.
 */
export const testingQboSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/testing/qbo-sandbox/transaction/:pk/',
    { schema: { hide: true, params: z.object({ pk: z.coerce.number().int().positive() }) } },
    async (request) => {
      const [row] = await app.deps.db
        .select({ externalId: transactions.externalId, entity: transactions.ledgerEntityType, realmId: ledgerConnections.externalCompanyId })
        .from(transactions)
        .innerJoin(ledgerConnections, eq(ledgerConnections.clientCompanyId, transactions.clientCompanyId))
        .where(eq(transactions.pk, request.params.pk));
      const entity = row && app.qboSandbox?.getEntity(row.realmId, row.entity, row.externalId.slice(row.entity.length + 1));
      if (!entity) throw new NotFoundError();
      return entity;
    },
  );
};
