import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ledgerConnections, transactions } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';

/** A Herd transaction as the built-in QuickBooks sandbox holds it (its entity, in QuickBooks' own shape). */
export const sandboxEntityOf = async (app: FastifyInstance, pk: number): Promise<Record<string, unknown>> => {
  const [row] = await app.deps.db
    .select({ externalId: transactions.externalId, entity: transactions.ledgerEntityType, realmId: ledgerConnections.externalCompanyId })
    .from(transactions)
    .innerJoin(ledgerConnections, eq(ledgerConnections.clientCompanyId, transactions.clientCompanyId))
    .where(eq(transactions.pk, pk));
  const entity = row && app.qboSandbox?.getEntity(row.realmId, row.entity, row.externalId.slice(row.entity.length + 1));
  if (!entity) throw new NotFoundError();
  return entity;
};
