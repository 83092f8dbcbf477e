import { vi } from 'vitest';
import type { LedgerSyncInfo } from '@herd/contract';

/** A QuickBooks connection's sync state, as client companies carry it. */
export const makeLedgerSync = (overrides: Partial<LedgerSyncInfo> = {}): LedgerSyncInfo => ({
  provider: 'QBO',
  external_company_id: '9341453100',
  sandbox: false,
  state: 'IDLE',
  last_synced_at: null,
  last_error: null,
  next_sync_at: null,
  consecutive_failures: 0,
  ...overrides,
});

/**
 * Replaces `window.location` with a copy whose `assign` only records where
 * the app sent the browser (jsdom cannot leave the page). Call `restore()`
 * after the test.
 */
export const stubLocationAssign = () => {
  const original = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
  return { assign, restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }) };
};
