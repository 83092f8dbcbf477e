import type { TransactionStatus } from './enums.js';

/**
 * Every allowed change of a transaction's status, and only these (docs/transactions.md explains
 * each). PROCESSING is Herd talking to the ledger (pull or publish); FINISHED_IN_HERD is the
 * client's answer waiting for the accountant. Part of the contract: the server's transactions
 * module enforces it, and the ledger port's inbound policy asks it before a ledger's row may
 * move a transaction.
 */
export const TRANSACTION_TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  PROCESSING: ['READY', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM', 'SYNC_ERROR', 'CANCELLED'],
  READY: ['FINISHED_IN_HERD', 'PROCESSING', 'MATCHED_TO_PLATFORM', 'CANCELLED'],
  FINISHED_IN_HERD: ['READY', 'PROCESSING', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM', 'SYNC_ERROR', 'CANCELLED'],
  SYNC_ERROR: ['FINISHED_IN_HERD', 'READY', 'PROCESSING', 'CANCELLED'],
  PUBLISHED_IN_PLATFORM: ['PROCESSING', 'READY'],
  MATCHED_TO_PLATFORM: ['PROCESSING', 'READY'],
  CANCELLED: ['PROCESSING', 'READY'],
};

/** Whether a transaction may go from one status to another (staying put always may). */
export const canTransition = (from: TransactionStatus, to: TransactionStatus): boolean => from === to || TRANSACTION_TRANSITIONS[from].includes(to);
