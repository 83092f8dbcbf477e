import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_TIMER_MS, DRAG_HOVER_OPEN_MS, countText } from './constants';
import { dropRefusal } from './drop-rules';
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
  const top = { folderId: null, ancestors: [] };
  it('refuses a drop on one of the dragged items', () => {
    expect(dropRefusal(['d:1', 'd:2'], { folderId: 'd:2', ancestors: [null] }, null)).toBe('An item cannot be dropped on itself.');
  });
  it('refuses a drop inside a dragged folder’s chain', () => {
    expect(dropRefusal(['d:1'], { folderId: 'd:9', ancestors: [null, 'd:1', 'd:5'] }, null)).toBe('A folder cannot go into one of its own folders.');
  });
  it('refuses a drop on the folder the items are already in', () => {
    expect(dropRefusal(['d:3'], { folderId: 'd:7', ancestors: [null] }, 'd:7')).toBe('The items are already in this folder.');
    expect(dropRefusal(['d:3'], top, null)).toBe('The items are already in this folder.');
  });
  it('lets anything else through', () => {
    expect(dropRefusal(['d:3'], { folderId: 'd:8', ancestors: [null, 'd:7'] }, 'd:7')).toBeNull();
    expect(dropRefusal(['d:3'], top, 'd:7')).toBeNull();
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
