import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ledgerConnections, transactions } from '../../../db/schema/index.js';
import { NotFoundError } from '../../../lib/errors.js';

interface SandboxRef {
  realmId: string;
  entity: string;
  id: string;
}

/** Where the built-in sandbox holds a Herd transaction: its company (realm), entity and id; 404 when it holds none. */
const sandboxRefOf = async (app: FastifyInstance, pk: number): Promise<SandboxRef> => {
  const [row] = await app.deps.db
    .select({ externalId: transactions.externalId, entity: transactions.ledgerEntityType, realmId: ledgerConnections.externalCompanyId })
    .from(transactions)
    .innerJoin(ledgerConnections, eq(ledgerConnections.clientCompanyId, transactions.clientCompanyId))
    .where(eq(transactions.pk, pk));
  if (!row || !app.qboSandbox) throw new NotFoundError();
  return { realmId: row.realmId, entity: row.entity, id: row.externalId.slice(row.entity.length + 1) };
};

/** A Herd transaction as the built-in QuickBooks sandbox holds it (its entity, in QuickBooks' own shape). */
export const sandboxEntityOf = async (app: FastifyInstance, pk: number): Promise<Record<string, unknown>> => {
  const ref = await sandboxRefOf(app, pk);
  const entity = app.qboSandbox?.getEntity(ref.realmId, ref.entity, ref.id);
  if (!entity) throw new NotFoundError();
  return entity;
};

const linksTo = (attachable: Record<string, unknown>, ref: SandboxRef): boolean =>
  Array.isArray(attachable.AttachableRef) &&
  attachable.AttachableRef.some((link: { EntityRef?: { type?: unknown; value?: unknown } }) => link.EntityRef?.type === ref.entity && link.EntityRef.value === ref.id);

/** The Attachables the built-in sandbox holds linked to a Herd transaction's entity (what an accountant sees under its attachments in QuickBooks). */
export const sandboxAttachablesOf = async (app: FastifyInstance, pk: number): Promise<Record<string, unknown>[]> => {
  const ref = await sandboxRefOf(app, pk);
  if (!app.qboSandbox?.getEntity(ref.realmId, ref.entity, ref.id)) throw new NotFoundError();
  return app.qboSandbox.listEntities(ref.realmId, 'Attachable').filter((attachable) => linksTo(attachable, ref));
};
