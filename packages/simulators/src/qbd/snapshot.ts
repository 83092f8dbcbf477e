import { checkSnapshot, type SnapshotHeader } from '../shared/snapshot-format.js';
import { createQbdSimulator, type QbdSimulator, type QbdSimulatorOptions } from './simulator.js';
import type { ListEntry, Txn } from './types.js';

const VERSION = 1;

/**
 * A QuickBooks Desktop company file as it stands: its list entries and transactions, the counters
 * its ids and EditSequences come from (so new ones never repeat old ones) and the clock's offset.
 * Not kept: the session (open iterators) and the log of processed requests.
 */
export interface QbdSnapshot extends SnapshotHeader<'qbd'> {
  companyName: string;
  clockOffsetMs: number;
  listEntries: ListEntry[];
  transactions: Txn[];
  listCounter: number;
  txnCounter: number;
  lastEditSequence: number;
  txnNumber: number;
}

export function snapshotQbdSimulator(simulator: QbdSimulator): QbdSnapshot {
  const { company } = simulator;
  return {
    kind: 'qbd',
    version: VERSION,
    companyName: company.name,
    clockOffsetMs: company.clock.offsetMs,
    listEntries: [...company.listEntries.values()],
    transactions: [...company.transactions.values()],
    listCounter: company.listCounter,
    txnCounter: company.txnCounter,
    lastEditSequence: company.lastEditSequence,
    txnNumber: company.txnNumber,
  };
}

/**
 * A simulator holding the saved company file; `options` are what `reset()` seeds afresh from.
 * Throws on anything but a QuickBooks Desktop snapshot of this layout.
 */
export function restoreQbdSimulator(options: QbdSimulatorOptions, snapshot: unknown): QbdSimulator {
  checkSnapshot(snapshot, 'qbd', VERSION);
  const saved = snapshot as QbdSnapshot;
  const simulator = createQbdSimulator({ ...options, companyName: saved.companyName });
  const { company } = simulator;
  company.clock.offsetMs = saved.clockOffsetMs;
  company.listEntries.clear();
  company.transactions.clear();
  for (const entry of saved.listEntries) company.listEntries.set(entry.listId, entry);
  for (const txn of saved.transactions) company.transactions.set(txn.txnId, txn);
  company.listCounter = saved.listCounter;
  company.txnCounter = saved.txnCounter;
  company.lastEditSequence = saved.lastEditSequence;
  company.txnNumber = saved.txnNumber;
  return simulator;
}
