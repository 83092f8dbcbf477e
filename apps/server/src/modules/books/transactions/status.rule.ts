import { canTransition, LIST_STATUSES, type TransactionStatus } from '@herd/contract';
import { CATEGORIZED_STATUSES } from '../../../db/schema/index.js';
import { ConflictError } from '../../../lib/errors.js';

// The allowed changes are the contract's (TRANSACTION_TRANSITIONS): the ledger port's inbound policy asks them too.
const LABEL: Record<TransactionStatus, string> = {
  PROCESSING: 'being synced',
  READY: 'waiting for the client',
  SYNC_ERROR: 'blocked by a sync error',
  CANCELLED: 'cancelled',
  FINISHED_IN_HERD: 'categorized',
  PUBLISHED_IN_PLATFORM: 'published',
  MATCHED_TO_PLATFORM: 'matched in the ledger',
};

/** Refuses a change the table does not allow with 409 and a sentence a person can act on. */
export const assertTransition = (from: TransactionStatus, to: TransactionStatus): void => {
  if (!canTransition(from, to)) {
    throw new ConflictError(`This transaction is ${LABEL[from]} and cannot become ${LABEL[to]}.`);
  }
};

// Which statuses each list shows: one rule for both sides, in the contract.
export const ACTIVE_STATUSES: readonly TransactionStatus[] = LIST_STATUSES.accountantActive;
export const CLIENT_ACTIVE_STATUSES: readonly TransactionStatus[] = LIST_STATUSES.clientActive;
export const HIDDEN_LIST_STATUSES: readonly TransactionStatus[] = LIST_STATUSES.accountantHidden;
// The Categorized list's statuses sit beside the index that serves that list (db/schema/transactions.ts).
export { CATEGORIZED_STATUSES };
export const CLIENT_COMPLETED_STATUSES: readonly TransactionStatus[] = LIST_STATUSES.clientCompleted;
