import { describe, expect, it } from 'vitest';
import { missingCategoryReason, publishRefusal } from './publish-refusal.rule.js';

const lines = (...categorized: boolean[]) => categorized.map((hasCategory) => ({ hasCategory }));
const open = { date: '2026-05-01', closedThrough: null };

describe('publishRefusal', () => {
  it('names the lines without a category, in order', () => {
    expect(missingCategoryReason(lines(true, true))).toBeNull();
    expect(missingCategoryReason(lines(true, false))).toBe('Line 2 needs a category.');
    expect(missingCategoryReason(lines(false, true, false))).toBe('Lines 1 and 3 need a category.');
    expect(missingCategoryReason(lines(false, false, false, true))).toBe('Lines 1, 2 and 3 need a category.');
  });

  it('says the status first: only categorized transactions go, and sync errors are cleared before', () => {
    expect(publishRefusal('FINISHED_IN_HERD', lines(true), open)).toBeNull();
    expect(publishRefusal('FINISHED_IN_HERD', lines(false), open)).toBe('Line 1 needs a category.');
    expect(publishRefusal('SYNC_ERROR', lines(false), open)).toBe('Clear the sync errors of this transaction before publishing it again.');
    expect(publishRefusal('PUBLISHED_IN_PLATFORM', lines(true), open)).toBe('Only categorized transactions can be published.');
    expect(publishRefusal('READY', lines(true), open)).toBe('Only categorized transactions can be published.');
  });

  it('refuses a transaction dated on or before the ledger’s closing date, before its lines are judged; not one after it', () => {
    const closed =
      "The ledger's books are closed through Jan 31, 2026, so it would refuse this change. Reopen the period in the ledger, or post the correction in an open period there.";
    expect(publishRefusal('FINISHED_IN_HERD', lines(false), { date: '2026-01-31', closedThrough: '2026-01-31' })).toBe(closed);
    expect(publishRefusal('FINISHED_IN_HERD', lines(true), { date: '2025-12-02', closedThrough: '2026-01-31' })).toBe(closed);
    expect(publishRefusal('FINISHED_IN_HERD', lines(true), { date: '2026-02-01', closedThrough: '2026-01-31' })).toBeNull();
    expect(publishRefusal('SYNC_ERROR', lines(true), { date: '2026-01-02', closedThrough: '2026-01-31' })).toBe(
      'Clear the sync errors of this transaction before publishing it again.',
    );
  });
});
