import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLICK_TIMER_MS,
  DRAG_HOVER_OPEN_MS,
  GRID_GUTTER_COMPACT_PX,
  GRID_GUTTER_PX,
  MENU_TRANSITION_MS,
  SCROLLBAR_ALLOWANCE_PX,
  SEARCH_DEBOUNCE_MS,
  SEARCH_WIDTH_PX,
  countText,
} from './constants';
import { dropRefusal, targetChain } from './drop-rules';
import { gridColumns } from './grid-layout';
import { useClickTimer } from './use-click-timer';
import { useHoverOpen } from './use-hover-open';

describe('count text', () => {
  it('says items in the singular and plural, then what is selected and hidden', () => {
    expect(countText(0, 0, 0)).toBe('0 items');
    expect(countText(1, 0, 0)).toBe('1 item');
    expect(countText(12, 0, 0)).toBe('12 items');
    expect(countText(12, 2, 0)).toBe('12 items, 2 selected');
    expect(countText(12, 0, 3)).toBe('12 items, 3 hidden');
    expect(countText(10000, 1, 5)).toBe('10,000 items, 1 selected, 5 hidden');
  });
});

describe('drop rules', () => {
  // Open: Documents / 2026 / Q1; the dragged items are in Q1 unless said otherwise.
  const path = [
    { id: null, name: 'Documents' },
    { id: 'd:10', name: '2026' },
    { id: 'd:11', name: 'Q1' },
  ];
  it('refuses a drop on one of the dragged items', () => {
    expect(dropRefusal(['d:1', 'd:2'], { kind: 'folder', folderId: 'd:2' }, path)).toBe('An item cannot be dropped on itself.');
  });
  it('refuses a drop into a folder whose chain holds a dragged folder', () => {
    // A crumb: its chain is the path down to it (a hover opened a dragged folder's subfolder, say).
    expect(dropRefusal(['d:10'], { kind: 'crumb', folderId: 'd:11' }, path, null)).toBe('A folder cannot go into one of its own folders.');
    // A listed folder: its chain is the open path plus itself.
    expect(dropRefusal(['d:11'], { kind: 'folder', folderId: 'd:40' }, path, 'd:10')).toBe('A folder cannot go into one of its own folders.');
    // The open folder's area: its chain is the open path.
    expect(dropRefusal(['d:10'], { kind: 'area', folderId: 'd:11' }, path, null)).toBe('A folder cannot go into one of its own folders.');
    // A crumb above the dragged folder is not inside it.
    expect(dropRefusal(['d:11'], { kind: 'crumb', folderId: null }, path, 'd:10')).toBeNull();
  });
  it('refuses a drop on the folder the items are already in', () => {
    expect(dropRefusal(['d:3'], { kind: 'area', folderId: 'd:11' }, path)).toBe('The items are already in this folder.');
    // After a hover opened the folder above, the old folder is a listed folder there, and still the source.
    expect(dropRefusal(['d:3'], { kind: 'folder', folderId: 'd:11' }, path.slice(0, 2), 'd:11')).toBe('The items are already in this folder.');
    expect(dropRefusal(['d:3'], { kind: 'area', folderId: null }, path.slice(0, 1))).toBe('The items are already in this folder.');
  });
  it('lets anything else through: a listed folder, a crumb above, another folder’s area', () => {
    expect(dropRefusal(['d:3', 'd:4'], { kind: 'folder', folderId: 'd:5' }, path)).toBeNull();
    expect(dropRefusal(['d:3'], { kind: 'crumb', folderId: 'd:10' }, path)).toBeNull();
    expect(dropRefusal(['d:3'], { kind: 'crumb', folderId: null }, path)).toBeNull();
    expect(dropRefusal(['d:3'], { kind: 'area', folderId: 'd:10' }, path.slice(0, 2), 'd:11')).toBeNull();
  });
  it('gives each target its chain from the open path', () => {
    expect(targetChain({ kind: 'crumb', folderId: 'd:10' }, path)).toEqual([null, 'd:10']);
    expect(targetChain({ kind: 'folder', folderId: 'd:40' }, path)).toEqual([null, 'd:10', 'd:11', 'd:40']);
    expect(targetChain({ kind: 'area', folderId: 'd:11' }, path)).toEqual([null, 'd:10', 'd:11']);
  });
});

describe('grid columns', () => {
  it('fits tiles with 8 px gutters, keeping 18 px for a scroll bar', () => {
    // 5 tiles of 128 px and 4 gutters of 8 px take 672 px: 690 px fits them with the scroll bar, 689 px does not.
    expect(gridColumns(672 + SCROLLBAR_ALLOWANCE_PX, { compact: false, touch: false })).toBe(5);
    expect(gridColumns(672 + SCROLLBAR_ALLOWANCE_PX - 1, { compact: false, touch: false })).toBe(4);
  });
  it('keeps no room for a scroll bar on touch screens and phones, whose gutters are 5 px', () => {
    expect(gridColumns(672, { compact: false, touch: true })).toBe(5);
    // Compact tiles are 104 px: three with two 5 px gutters take 322 px.
    expect(gridColumns(322, { compact: true, touch: false })).toBe(3);
    expect(gridColumns(321, { compact: true, touch: false })).toBe(2);
    expect(gridColumns(10, { compact: true, touch: true })).toBe(1);
  });
  it('uses the figures the requirements give', () => {
    expect([GRID_GUTTER_PX, GRID_GUTTER_COMPACT_PX, SCROLLBAR_ALLOWANCE_PX, CLICK_TIMER_MS, DRAG_HOVER_OPEN_MS, MENU_TRANSITION_MS]).toEqual([8, 5, 18, 250, 1500, 150]);
    expect([SEARCH_DEBOUNCE_MS, SEARCH_WIDTH_PX]).toEqual([300, 150]);
  });
});

describe('timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a folder a drag hovers for 1,500 ms, not sooner, and starts over on another', () => {
    const onOpen = vi.fn();
    const { rerender, unmount } = renderHook(({ hovered }: { hovered: string | null | undefined }) => useHoverOpen(hovered, onOpen), {
      initialProps: { hovered: 'd:1' as string | null | undefined },
    });
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS - 1));
    expect(onOpen).not.toHaveBeenCalled();
    rerender({ hovered: 'd:2' });
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS - 1));
    expect(onOpen).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onOpen).toHaveBeenCalledExactlyOnceWith('d:2');
    rerender({ hovered: undefined });
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS * 2));
    expect(onOpen).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('tells a single click (after the timer) from a double click (no single before it)', () => {
    const single = vi.fn();
    const double = vi.fn();
    const { result } = renderHook(() => useClickTimer<string>(single, double));
    const plain = { ctrlKey: false, metaKey: false, shiftKey: false };
    act(() => result.current.click('a', plain));
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS - 1));
    expect(single).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(single).toHaveBeenCalledExactlyOnceWith('a', { toggle: false, range: false });
    act(() => result.current.click('b', { ...plain, ctrlKey: true }));
    act(() => result.current.doubleClick('b'));
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS * 2));
    expect(single).toHaveBeenCalledTimes(1);
    expect(double).toHaveBeenCalledExactlyOnceWith('b');
  });
});
