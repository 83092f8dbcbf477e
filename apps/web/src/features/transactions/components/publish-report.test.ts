import { describe, expect, it } from 'vitest';
import { formatTimeOrDateTime } from '../../../lib/format';
import { publishMessage } from './publish-report';

const queued = { published: 0, matched: 0, rejected: 0, queued: 3, sent: [1, 2, 3], refused: [] };

describe('what a publish says', () => {
  it('tells that QuickBooks Desktop is written at the next Web Connector run', () => {
    expect(publishMessage(queued, 'QuickBooks Desktop')).toBe('3 sent to QuickBooks Desktop; each shows as published after the next Web Connector run.');
  });

  it('says when the Web Connector is expected, when it is known', () => {
    const at = new Date(Date.now() + 30 * 60_000).toISOString();
    expect(publishMessage(queued, 'QuickBooks Desktop', at)).toBe(
      `3 sent to QuickBooks Desktop; each shows as published after the next Web Connector run (about ${formatTimeOrDateTime(at)}).`,
    );
  });

  it('tells that a ledger reached now shows them once it has them', () => {
    expect(publishMessage(queued, 'Xero')).toBe('3 sent to Xero; each shows as published once Xero has it.');
  });
});
