import type { ConnectionKind } from '@herd/contract';
import type { LedgerAdapter } from './ledger-adapter.js';

/**
 * CSV and generic ledgers live in Herd itself: publishing records the
 * categorization as final, and it reaches the outside world through the
 * export (CSV) or the generic API's published feed.
 */
export const herdHeldAdapter = (kind: Extract<ConnectionKind, 'CSV' | 'GENERIC' | 'CONNECTIONLESS'>): LedgerAdapter => ({
  kind,
  async publish() {
    return { kind: 'published', ledgerVersion: null };
  },
  async resync() {
    // Herd is the source of truth for these ledgers: nothing to re-read.
  },
});
