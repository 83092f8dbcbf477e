import type { NoteTarget, SenderKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { Actor } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { receiptAccess } from '../../files/receipts/receipts.face.js';
import { communicationAccess } from '../communications/communications.face.js';

/** Whose thread a note belongs to, once the actor is known to be allowed in it. */
export interface ThreadAccess {
  firmId: number;
  clientCompanyId: number | null;
  senderKind: SenderKind;
}

export type ThreadKind = 'transaction' | 'receipt' | 'communication' | 'client-company' | 'accountant-company';
export const TARGET_OF: Record<ThreadKind, NoteTarget> = {
  transaction: 'TRANSACTION',
  receipt: 'RECEIPT',
  communication: 'COMMUNICATION',
  'client-company': 'CLIENT_COMPANY',
  'accountant-company': 'ACCOUNTANT_COMPANY',
};

/**
 * Checks the actor may read and write the thread of this object: a
 * transaction or receipt they can see (restrictions included; a receipt of
 * the firm's inbox only to its staff), a communication of a company they see
 * (a hidden one only to staff), a client company they can
 * see, or their own firm's internal thread (staff only; a client included). Otherwise 404.
 */
export const threadAccess = async (db: Db, actor: Actor, kind: ThreadKind, pk: number): Promise<ThreadAccess> => {
  const sender: SenderKind = isFirmActor(actor) ? 'ACCOUNTANT' : 'CLIENT';
  if (kind === 'accountant-company') {
    // For a client the firm's internal thread does not exist: 404, as for another firm's, never 403.
    if (!isFirmActor(actor) || pk !== actor.firmId) throw new NotFoundError();
    return { firmId: actor.firmId, clientCompanyId: null, senderKind: sender };
  }
  if (kind === 'client-company') {
    const { company } = await companyAccess(db, actor, pk, isFirmActor(actor) ? 'accountant' : 'client');
    return { firmId: company.firmId, clientCompanyId: company.pk, senderKind: sender };
  }
  if (kind === 'receipt') {
    const { receipt } = await receiptAccess(db, actor, pk);
    return { firmId: receipt.firmId, clientCompanyId: receipt.clientCompanyId, senderKind: sender };
  }
  if (kind === 'communication') {
    const { communication } = await communicationAccess(db, actor, pk);
    // A client never sees a hidden communication, nor its thread.
    if (communication.isHidden && !isFirmActor(actor)) throw new NotFoundError();
    return { firmId: communication.firmId, clientCompanyId: communication.clientCompanyId, senderKind: sender };
  }
  const { access } = await transactionAccess(db, actor, pk);
  return { firmId: access.company.firmId, clientCompanyId: access.company.pk, senderKind: sender };
};
