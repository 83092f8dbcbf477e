import type { ConnectionKind } from '@herd/contract';
import type { LedgerAdapter } from './ledger-adapter.js';

/**
 * CSV and generic ledgers live in Herd itself: publishing records the
 * categorization as final, and it reaches the outside world through the
 * export (CSV) or the generic API's published feed. There is nothing to
 * pull or re-read: Herd is the source of truth.
 */
export const herdHeldAdapter = (kind: Extract<ConnectionKind, 'CSV' | 'GENERIC' | 'CONNECTIONLESS'>): LedgerAdapter => ({
  kind,
  remote: false,
  async publish(_db, _company, items, record) {
    for (const item of items) await record(item, { kind: 'published', ledgerVersion: null });
  },
  async pull() {},
  async resync() {},
  async createListEntry() {
    return { kind: 'held' };
  },
});
