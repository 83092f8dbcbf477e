import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQbdSimulator } from './simulator.js';
import { restoreQbdSimulator, snapshotQbdSimulator } from './snapshot.js';
import { TEST_START } from './test-support.js';

describe('a QuickBooks Desktop company file saved and restored', () => {
  // Both simulators read real time; a millisecond passing between their two adds would stamp the
  // "same" new entry differently, so the wall clock stands still here.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its lists, transactions and edits, and its ids and EditSequences go on', () => {
    const options = { companyName: 'Sandbox Joinery (sandbox)', startTime: TEST_START, transactions: 8 };
    const sim = createQbdSimulator(options);
    const [check] = sim.transactions('Check');
    sim.advanceClock(60_000);
    sim.editTransaction(check!.txnId, (txn) => (txn.memo = 'edited in QuickBooks'));
    sim.addListEntry({ kind: 'Vendor', name: 'Kept Timber' });

    const restored = restoreQbdSimulator(options, JSON.parse(JSON.stringify(snapshotQbdSimulator(sim))));
    expect(restored.company.name).toBe('Sandbox Joinery (sandbox)');
    expect(restored.transactions()).toEqual(sim.transactions());
    expect(restored.listEntries('Vendor')).toEqual(sim.listEntries('Vendor'));
    expect(restored.now()).toBe(sim.now());
    const next = { kind: 'Vendor' as const, name: 'Next Timber' };
    expect(restored.addListEntry(next)).toEqual(sim.addListEntry(next));
    expect(() => restoreQbdSimulator(options, { kind: 'karbon', version: 1 })).toThrow('not a snapshot of the qbd simulator');
  });
});
