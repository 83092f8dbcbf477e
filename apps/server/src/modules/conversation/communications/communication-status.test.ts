import { describe, expect, it } from 'vitest';
import { COMMUNICATION_ACTIONS, COMMUNICATION_STATUSES, COMMUNICATION_TRANSITIONS } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';
import { moveOrRefuse } from './communication-status.rule.js';
import type { CommunicationRow } from './communications.queries.js';

const rowIn = (status: CommunicationRow['status'], statusBeforeError: CommunicationRow['statusBeforeError'] = null) =>
  ({ subject: 'November close', status, statusBeforeError }) as CommunicationRow;

describe('the transition table, enforced', () => {
  it('every status and action: the table’s move, or a 400 that names the communication and why', () => {
    for (const from of COMMUNICATION_STATUSES) {
      for (const action of COMMUNICATION_ACTIONS) {
        const to = COMMUNICATION_TRANSITIONS[from][action];
        if (to) expect(moveOrRefuse(rowIn(from), action)).toBe(to);
        else expect(() => moveOrRefuse(rowIn(from), action)).toThrow(ValidationError);
      }
    }
    expect(() => moveOrRefuse(rowIn('CANCELLED'), 'back')).toThrow('Sending it back to the client is not possible: “November close” is cancelled.');
  });

  it('clearing a sync error returns to the status kept when it was recorded', () => {
    expect(moveOrRefuse(rowIn('SYNC_ERROR', 'FINISHED_IN_HERD'), 'clear_error')).toBe('FINISHED_IN_HERD');
    expect(moveOrRefuse(rowIn('SYNC_ERROR'), 'clear_error')).toBe('READY');
  });
});
