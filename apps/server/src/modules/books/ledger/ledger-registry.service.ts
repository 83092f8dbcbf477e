import type { ConnectionKind } from '@herd/contract';
import { herdHeldAdapter } from './herd-held.adapter.js';
import type { LedgerAdapter, LedgerRegistry } from './ledger-adapter.port.js';

/** The ledgers one app talks to; QuickBooks Desktop and Xero register theirs as they land. */
export const createLedgerRegistry = (connected: LedgerAdapter[]): LedgerRegistry => {
  const adapters = new Map<ConnectionKind, LedgerAdapter>([
    ['CSV', herdHeldAdapter('CSV')],
    ['GENERIC', herdHeldAdapter('GENERIC')],
    ['CONNECTIONLESS', herdHeldAdapter('CONNECTIONLESS')],
    ...connected.map((adapter) => [adapter.kind, adapter] as const),
  ]);
  return {
    adapterFor(kind) {
      const adapter = adapters.get(kind);
      if (!adapter) throw new Error(`No ledger adapter for ${kind} yet`);
      return adapter;
    },
  };
};
