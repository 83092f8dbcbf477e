import type { ConnectionKind } from '@herd/contract';
import { ConflictError } from '../../../lib/errors.js';
import type { LedgerAdapter } from './ledger-adapter.port.js';
import { classifyCommonLedgerError } from './ledger-errors.port.js';

const DISPLAY_NAMES = { CSV: 'CSV', GENERIC: 'the generic ledger', CONNECTIONLESS: 'Herd' } as const;

/**
 * CSV and generic ledgers live in Herd itself: publishing records the
 * categorization as final, and it reaches the outside world through the
 * export (CSV) or the generic API's published feed. There is nothing to
 * pull or re-read, and no grant to ask for or revoke: Herd is the source of truth.
 */
export const herdHeldAdapter = (kind: Extract<ConnectionKind, 'CSV' | 'GENERIC' | 'CONNECTIONLESS'>): LedgerAdapter => {
  const nothingToConnect = () => new ConflictError('This company’s transactions live in Herd (CSV or generic ledger): there is no ledger to connect to.');
  return {
    kind,
    displayName: DISPLAY_NAMES[kind],
    remote: false,
    async *publish(_company, items) {
      yield items.map((item) => ({ item, outcome: { kind: 'published', ledgerVersion: null } }));
    },
    async *pull() {},
    async *reread() {},
    async createListEntry() {
      return { kind: 'held' };
    },
    connect() {
      throw nothingToConnect();
    },
    reauthorize() {
      throw nothingToConnect();
    },
    async revoke() {
      return { kind: 'nothing-to-revoke' };
    },
    async companyInfo() {
      throw nothingToConnect();
    },
    classifyError: classifyCommonLedgerError,
  };
};
