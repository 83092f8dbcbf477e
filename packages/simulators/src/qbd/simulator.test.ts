import { describe, expect, it } from 'vitest';
import { createQbdSimulator } from './simulator.js';
import { processOne, rq, TEST_START } from './test-support.js';
import { leaf } from './xml-tree.js';

describe('createQbdSimulator', () => {
  it('seeds, edits inside QuickBooks, moves the clock and resets to the same company', () => {
    const sim = createQbdSimulator({ startTime: TEST_START, transactions: 30, watchedTransactions: 10 });
    const [check] = sim.transactions('Check');
    const before = check!.editSequence;
    sim.advanceClock(60_000);
    sim.editTransaction(check!.txnId, (txn) => (txn.memo = 'moved'));
    expect(check!.editSequence).not.toBe(before);
    expect(check!.timeModified - TEST_START).toBeGreaterThanOrEqual(60_000);
    const answer = processOne(sim.processor, rq('CheckQueryRq', leaf('TxnID', check!.txnId)));
    expect(answer.attrs.statusCode).toBe('0');
    expect(sim.processed().at(-1)?.requests).toEqual(['CheckQueryRq']);
    sim.reset();
    expect(sim.transactions('Check')[0]?.memo).not.toBe('moved');
    expect(sim.transactions()).toHaveLength(30);
  });
});
