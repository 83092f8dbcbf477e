import { LIST_STATUSES, type TransactionStatus } from '@herd/contract';
import { CATEGORIZED_STATUSES } from '../../db/schema/index.js';
import { ConflictError } from '../../lib/errors.js';

/**
 * Every allowed status change, and only these (docs/transactions.md explains
 * each). PROCESSING is Herd talking to the ledger (pull or publish);
 * FINISHED_IN_HERD is the client's answer waiting for the accountant.
 */
export const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  PROCESSING: ['READY', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM', 'SYNC_ERROR', 'CANCELLED'],
  READY: ['FINISHED_IN_HERD', 'PROCESSING', 'MATCHED_TO_PLATFORM', 'CANCELLED'],
  FINISHED_IN_HERD: ['READY', 'PROCESSING', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM', 'SYNC_ERROR', 'CANCELLED'],
  SYNC_ERROR: ['FINISHED_IN_HERD', 'READY', 'PROCESSING', 'CANCELLED'],
  PUBLISHED_IN_PLATFORM: ['PROCESSING', 'READY'],
  MATCHED_TO_PLATFORM: ['PROCESSING', 'READY'],
  CANCELLED: ['PROCESSING', 'READY'],
};

const LABEL: Record<TransactionStatus, string> = {
  PROCESSING: 'being synced',
  READY: 'waiting for the client',
  SYNC_ERROR: 'blocked by a sync error',
  CANCELLED: 'cancelled',
  FINISHED_IN_HERD: 'categorized',
  PUBLISHED_IN_PLATFORM: 'published',
  MATCHED_TO_PLATFORM: 'matched in the ledger',
};

export const canTransition = (from: TransactionStatus, to: TransactionStatus): boolean => from === to || TRANSITIONS[from].includes(to);

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
