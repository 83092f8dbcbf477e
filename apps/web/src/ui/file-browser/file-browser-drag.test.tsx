import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_HOVER_OPEN_MS, LIST_ROW_PX } from './constants';
import { itemNamed, renderBrowser } from './test-browser';

/**
 * jsdom lays nothing out: each row is given the place the list would give it (one row height apart), so
 * dnd-kit's collision detection sees the pointer over a row as a browser would.
 */
const original = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const rows = [...document.querySelectorAll('[role="option"]')];
    const index = rows.indexOf(this);
    if (index < 0) return original.call(this);
    const top = index * LIST_ROW_PX;
    return { x: 0, y: top, top, left: 0, width: 600, height: LIST_ROW_PX, right: 600, bottom: top + LIST_ROW_PX, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const rowMiddle = (index: number) => index * LIST_ROW_PX + LIST_ROW_PX / 2;
/** Presses on a row, moves the pointer to another row's middle, one step at a time as a hand would. */
const dragFromTo = (name: string, from: number, to: number) => {
  fireEvent.mouseDown(itemNamed(name), { button: 0, clientX: 100, clientY: rowMiddle(from) });
  for (const y of [rowMiddle(from) + 8, rowMiddle(to) - 4, rowMiddle(to)]) act(() => void fireEvent.mouseMove(document, { clientX: 100, clientY: y }));
};
const release = (to: number) => act(() => void fireEvent.mouseUp(document, { clientX: 100, clientY: rowMiddle(to) }));

describe('dragging items onto folders', () => {
  it('moves a file dropped on a folder', () => {
    const { props } = renderBrowser();
    dragFromTo('file-1.pdf', 2, 1);
    expect(itemNamed('Folder 2').className).toContain('drop-ok');
    release(1);
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:3'], 'd:2');
  });

  it('opens a folder the drag hovers for 1.5 s', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    dragFromTo('file-1.pdf', 2, 0);
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS - 1));
    expect(props.onOpenFolder).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith('d:1');
  });

  it('refuses a folder dropped on itself, and neither moves nor opens it', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    // Folder 1 dragged within itself: the pointer stays over it.
    fireEvent.mouseDown(itemNamed('Folder 1'), { button: 0, clientX: 100, clientY: rowMiddle(0) });
    act(() => void fireEvent.mouseMove(document, { clientX: 110, clientY: rowMiddle(0) + 10 }));
    expect(itemNamed('Folder 1').className).toContain('drop-refused');
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS * 2));
    expect(props.onOpenFolder).not.toHaveBeenCalled();
    release(0);
    expect(props.onMove).not.toHaveBeenCalled();
  });
});
