import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterLocally, matchRank, useLiveOptions, type SearchAnswer } from './live-options';

type Option = { pk: number; name: string };
const dental = { pk: 30, name: 'Dental Supplies' };
const utilities = { pk: 33, name: 'Utilities' };
const computing = { pk: 34, name: 'Computing utilities' };
const all = [dental, utilities, computing];

const answer = (data: Option[] | undefined, isPlaceholderData = false): SearchAnswer<Option> => ({ data, isPlaceholderData, isFetching: false });
const live = (typed: string, settled: string, result: SearchAnswer<Option>) =>
  renderHook(() =>
    useLiveOptions(
      typed,
      settled,
      result,
      (o) => o.pk,
      (o) => o.name,
    ),
  ).result.current;

describe('matching what is typed', () => {
  it('ranks a start before a word start before anywhere, and drops the rest', () => {
    expect(matchRank('Utilities', 'uti')).toBe(0);
    expect(matchRank('Computing utilities', 'uti')).toBe(1);
    expect(matchRank('Computing', 'uti')).toBe(2);
    expect(matchRank('Dental Supplies', 'uti')).toBeNull();
    expect(filterLocally([computing, dental, utilities], 'UTI', (o) => o.name)).toEqual([utilities, computing]);
  });
});

describe('useLiveOptions', () => {
  it('filters the loaded list at once while the search for the typed text is still to come', () => {
    const now = live('uti', '', answer(all));
    expect(now.items).toEqual([utilities, computing]);
    expect(now.answered).toBe(false);
  });

  it('never shows the answer of an older term as the current one', () => {
    // The answer for "u" is still on screen (kept while "uti" loads): it is filtered, not shown as is.
    const now = live('uti', 'uti', answer([dental, utilities], true));
    expect(now.items).toEqual([utilities]);
    expect(now.answered).toBe(false);
  });

  it('shows the server’s answer for exactly what is typed as it ranked it', () => {
    const now = live('uti ', 'uti', answer([computing, utilities]));
    expect(now.items).toEqual([computing, utilities]);
    expect(now.answered).toBe(true);
  });
});
