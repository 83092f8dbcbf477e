import { and, eq } from 'drizzle-orm';
import type { NoteTarget, SenderKind } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { clientCompanies, transactions } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Actor } from '../auth/actor.js';
import { isFirmActor, requireFirmActor } from '../auth/permissions.js';
import { getVisibleCompany } from '../client-companies/client-companies.service.js';
import { clientScope } from '../client-side/client-scope.js';
import { accountantTxScope, clientTxScope, findScoped } from '../transactions/transactions.scope.js';

/** Whose thread a note belongs to, once the actor is known to be allowed in it. */
export interface ThreadAccess {
  firmId: number;
  clientCompanyId: number | null;
  senderKind: SenderKind;
}

export type ThreadKind = 'transaction' | 'client-company' | 'accountant-company';
export const TARGET_OF: Record<ThreadKind, NoteTarget> = {
  transaction: 'TRANSACTION',
  'client-company': 'CLIENT_COMPANY',
  'accountant-company': 'ACCOUNTANT_COMPANY',
};

/**
 * Checks the actor may read and write the thread of this object: a
 * transaction they can see (restrictions included), a client company they can
 * see, or their own firm's internal thread (staff only). Otherwise 404.
 */
export const threadAccess = async (db: Db, actor: Actor, kind: ThreadKind, pk: number): Promise<ThreadAccess> => {
  const sender: SenderKind = isFirmActor(actor) ? 'ACCOUNTANT' : 'CLIENT';
  if (kind === 'accountant-company') {
    const firmActor = requireFirmActor(actor);
    if (pk !== firmActor.firmId) throw new NotFoundError();
    return { firmId: firmActor.firmId, clientCompanyId: null, senderKind: sender };
  }
  if (kind === 'client-company') {
    const company = isFirmActor(actor) ? await getVisibleCompany(db, actor, pk) : (await clientScope(db, actor, pk)).company;
    return { firmId: company.firmId, clientCompanyId: company.pk, senderKind: sender };
  }
  if (actor.firmId === null) throw new NotFoundError();
  // Only a transaction of a company of the actor's firm is looked at further.
  const [row] = await db
    .select({ companyPk: transactions.clientCompanyId })
    .from(transactions)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactions.clientCompanyId))
    .where(and(eq(clientCompanies.firmId, actor.firmId), eq(transactions.pk, pk)));
  if (!row) throw new NotFoundError();
  const scope = await (isFirmActor(actor) ? accountantTxScope : clientTxScope)(db, actor, row.companyPk);
  await findScoped(db, scope, [pk]);
  return { firmId: scope.company.firmId, clientCompanyId: scope.company.pk, senderKind: sender };
};
