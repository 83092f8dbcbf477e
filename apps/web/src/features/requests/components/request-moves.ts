import { nextCommunicationStatus, type Communication } from '@herd/contract';

/** The accountant's moves, in the order their buttons show. */
export type RequestMoveName = 'accept' | 'back' | 'reopen' | 'clear_error' | 'cancel' | 'hide' | 'unhide';

export const REQUEST_MOVE_LABELS: Record<RequestMoveName, string> = {
  accept: 'Accept',
  back: 'Send back',
  reopen: 'Reopen',
  clear_error: 'Clear error',
  cancel: 'Cancel request',
  hide: 'Hide',
  unhide: 'Unhide',
};

const STATUS_MOVES = ['accept', 'back', 'reopen', 'clear_error', 'cancel'] as const;

/**
 * What the accountant may do with a request now: the status moves the contract's table allows from
 * its status, then hiding or unhiding. A request the client wrote is never sent back (the
 * accountant answers it in its notes, then accepts it).
 */
export const allowedMoves = (c: Pick<Communication, 'status' | 'sender' | 'is_hidden'>): RequestMoveName[] => [
  ...STATUS_MOVES.filter((move) => nextCommunicationStatus(c.status, move) !== null && !(move === 'back' && c.sender === 'CLIENT')),
  c.is_hidden ? 'unhide' : 'hide',
];

/** The items answered out of all, and whether the client has answered at all. */
export const answerProgress = (c: Pick<Communication, 'items' | 'answered_at' | 'acknowledged_at' | 'w9'>) => ({
  answered: c.answered_at !== null || c.acknowledged_at !== null || c.w9 !== null,
  itemsAnswered: c.items.filter((item) => item.answered_at !== null).length,
  itemsTotal: c.items.length,
});
