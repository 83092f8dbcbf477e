import { canTransition, TRANSACTION_STATUSES, TRANSACTION_TRANSITIONS as TRANSITIONS } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { assertTransition } from './status.rule.js';

describe('transaction status transitions', () => {
  it('covers every status', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...TRANSACTION_STATUSES].sort());
  });

  it('allows the core loop: ready → categorized → publishing → published', () => {
    expect(canTransition('READY', 'FINISHED_IN_HERD')).toBe(true);
    expect(canTransition('FINISHED_IN_HERD', 'PROCESSING')).toBe(true);
    expect(canTransition('PROCESSING', 'PUBLISHED_IN_PLATFORM')).toBe(true);
    expect(canTransition('FINISHED_IN_HERD', 'READY')).toBe(true); // sent back
    expect(canTransition('SYNC_ERROR', 'FINISHED_IN_HERD')).toBe(true); // errors cleared
  });

  it('refuses shortcuts, with a message that says why', () => {
    expect(canTransition('READY', 'PUBLISHED_IN_PLATFORM')).toBe(false);
    expect(canTransition('PUBLISHED_IN_PLATFORM', 'FINISHED_IN_HERD')).toBe(false);
    expect(canTransition('CANCELLED', 'FINISHED_IN_HERD')).toBe(false);
    expect(canTransition('READY', 'SYNC_ERROR')).toBe(false);
    expect(() => assertTransition('PUBLISHED_IN_PLATFORM', 'FINISHED_IN_HERD')).toThrow('This transaction is published and cannot become categorized.');
  });

  it('treats staying in the same status as no change', () => {
    for (const status of TRANSACTION_STATUSES) expect(canTransition(status, status)).toBe(true);
  });
});
