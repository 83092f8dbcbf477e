import { nextCommunicationStatus, type CommunicationAction, type CommunicationStatus } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';
import type { CommunicationRow } from './communications.queries.js';

/** Each move in words, as the refusal names it. */
export const ACTION_WORDS: Record<CommunicationAction, string> = {
  answer: 'Answering it',
  accept: 'Accepting it',
  back: 'Sending it back to the client',
  reopen: 'Reopening it',
  cancel: 'Cancelling it',
  sync_error: 'Recording a sync error',
  clear_error: 'Clearing a sync error',
};

/** Where a communication stands, in words. */
export const STATUS_WORDS: Record<CommunicationStatus, string> = {
  PROCESSING: 'waits on the client',
  READY: 'waits on the accountant',
  SYNC_ERROR: 'has a sync error to clear first',
  CANCELLED: 'is cancelled',
  FINISHED_IN_HERD: 'is finished',
};

/**
 * The status a move leads to, by the contract's transition table, or a 400
 * whose `detail` says why not ("Sending it back to the client is not
 * possible: “November close” is finished."). Clearing a sync error returns
 * to the status kept when the error was recorded.
 */
export const moveOrRefuse = (row: CommunicationRow, action: CommunicationAction): CommunicationStatus => {
  const from = row.status as CommunicationStatus;
  const to = nextCommunicationStatus(from, action);
  if (to === null) throw ValidationError.detail(`${ACTION_WORDS[action]} is not possible: “${row.subject}” ${STATUS_WORDS[from]}.`);
  if (action === 'clear_error') return (row.statusBeforeError as CommunicationStatus | null) ?? to;
  return to;
};
