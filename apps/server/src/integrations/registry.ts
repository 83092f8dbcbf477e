import type { ConnectionKind } from '@herd/contract';
import { herdHeldAdapter } from './herd-held.adapter.js';
import type { LedgerAdapter } from './ledger-adapter.js';

const adapters: Partial<Record<ConnectionKind, LedgerAdapter>> = {
  CSV: herdHeldAdapter('CSV'),
  GENERIC: herdHeldAdapter('GENERIC'),
  CONNECTIONLESS: herdHeldAdapter('CONNECTIONLESS'),
};

/** The adapter of a company's ledger; QuickBooks, Xero and QBD register theirs as they land. */
export const adapterFor = (kind: ConnectionKind): LedgerAdapter => {
  const adapter = adapters[kind];
  if (!adapter) throw new Error(`No ledger adapter for ${kind} yet`);
  return adapter;
};

export const registerAdapter = (adapter: LedgerAdapter) => {
  adapters[adapter.kind] = adapter;
};
