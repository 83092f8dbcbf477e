import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { testingEndpoints as e } from '@herd/contract';
import { ledgerConnections, transactions } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { hideFromDocs } from '../../../modules/platform/testing/hidden-from-docs.rule.js';
import { XERO_TRANSACTION_ENTITIES, type XeroEntity } from '../xero-transaction-map.js';
import { xeroIdOf } from '../xero-records.js';

/** A Herd transaction as the built-in Xero sandbox holds it (Xero's own shape); 404 when it holds none. */
const sandboxObjectOf = async (app: FastifyInstance, pk: number): Promise<Record<string, unknown>> => {
  const [row] = await app.deps.db
    .select({ externalId: transactions.externalId, entity: transactions.ledgerEntityType, tenantId: ledgerConnections.externalCompanyId })
    .from(transactions)
    .innerJoin(ledgerConnections, eq(ledgerConnections.clientCompanyId, transactions.clientCompanyId))
    .where(eq(transactions.pk, pk));
  const entity = row?.entity as XeroEntity | undefined;
  const object =
    entity && XERO_TRANSACTION_ENTITIES[entity]
      ? app.xeroSandbox?.getEntity(row!.tenantId, XERO_TRANSACTION_ENTITIES[entity].collection, xeroIdOf(entity, row!.externalId))
      : undefined;
  if (!object) throw new NotFoundError();
  return object;
};

/**
 * For end-to-end tests only, registered with the outbox route (HERD_E2E_OUTBOX=1): a Herd
 * transaction as the built-in Xero sandbox holds it, so a browser test can check that a publish
 * reached Xero the way an accountant would look in Xero.
 */
export const testingXeroSandboxRoutes: FastifyPluginAsync = async (app) => {
  hideFromDocs(app);
  serveEndpoint(app, e.xeroSandboxTransaction, (r) => sandboxObjectOf(app, r.params.pk));
};
