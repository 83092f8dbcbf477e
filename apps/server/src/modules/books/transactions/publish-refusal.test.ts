import { describe, expect, it } from 'vitest';
import { missingCategoryReason, publishRefusal } from './publish-refusal.rule.js';

const lines = (...categorized: boolean[]) => categorized.map((hasCategory) => ({ hasCategory }));

describe('publishRefusal', () => {
  it('names the lines without a category, in order', () => {
    expect(missingCategoryReason(lines(true, true))).toBeNull();
    expect(missingCategoryReason(lines(true, false))).toBe('Line 2 needs a category.');
    expect(missingCategoryReason(lines(false, true, false))).toBe('Lines 1 and 3 need a category.');
    expect(missingCategoryReason(lines(false, false, false, true))).toBe('Lines 1, 2 and 3 need a category.');
  });

  it('says the status first: only categorized transactions go, and sync errors are cleared before', () => {
    expect(publishRefusal('FINISHED_IN_HERD', lines(true))).toBeNull();
    expect(publishRefusal('FINISHED_IN_HERD', lines(false))).toBe('Line 1 needs a category.');
    expect(publishRefusal('SYNC_ERROR', lines(false))).toBe('Clear the sync errors of this transaction before publishing it again.');
    expect(publishRefusal('PUBLISHED_IN_PLATFORM', lines(true))).toBe('Only categorized transactions can be published.');
    expect(publishRefusal('READY', lines(true))).toBe('Only categorized transactions can be published.');
  });
});
