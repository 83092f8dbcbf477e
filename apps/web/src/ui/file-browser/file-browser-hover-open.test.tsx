import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_HOVER_OPEN_MS, LIST_ROW_PX } from './constants';
import { area, itemNamed, itemsOf, renderBrowser } from './test-browser';
import { chip, crumbPoint, dragTo, layOutRowsAndCrumbs, moveTo, release, toRow } from './test-drag-layout';
import type { BrowserItem } from './types';

layOutRowsAndCrumbs();

/** The top level as the parent hands it in once it has loaded: two year folders, the client's folder and a read-only smart folder. */
const TOP_LEVEL = {
  path: [{ id: null, name: 'Documents' }],
  items: [
    { id: 'd:7', kind: 'folder', name: '2025' },
    { id: 'd:8', kind: 'folder', name: '2026' },
    { id: 'd:100', kind: 'folder', name: 'Statements' },
    { id: 's:RECEIPTS', kind: 'folder', name: 'Receipts', readOnly: true },
  ] satisfies BrowserItem[],
};
const YEAR = { path: [...TOP_LEVEL.path, { id: 'd:8', name: '2026' }], items: [] };
/** The client's folder, where the drags start: the path the test browser opens by default. */
const STATEMENTS = { path: [...TOP_LEVEL.path, { id: 'd:100', name: 'Statements' }] };

describe('hover-opening folders while dragging', () => {
  it('takes a file up a crumb and into a folder, each opened by hovering, and drops it on the open folder', () => {
    vi.useFakeTimers();
    const { props, rerenderWith } = renderBrowser(STATEMENTS);
    dragTo('file-1.pdf', 2, crumbPoint(0));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenLastCalledWith(null);
    rerenderWith(TOP_LEVEL);
    dragOn(toRow(1));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenLastCalledWith('d:8');
    rerenderWith(YEAR);
    moveTo(toRow(5));
    expect(area().className).toContain('area-drop-ok');
    release(toRow(5));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:3'], 'd:8');
  });

  it('shows the open folder taking the drop when it arrives under a pointer already over the listing', () => {
    vi.useFakeTimers();
    const { props, rerenderWith } = renderBrowser(TOP_LEVEL);
    dragTo('Statements', 2, toRow(1));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenLastCalledWith('d:8');
    // Off the folder, over the listing, while the year folder is on its way.
    moveTo(toRow(6));
    rerenderWith(YEAR);
    expect(area().className).toContain('area-drop-ok');
    release(toRow(6));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:100'], 'd:8');
  });

  it('drops into the folder a hover opened while its listing is still on its way, not into the one still shown', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser(TOP_LEVEL);
    dragTo('Statements', 2, toRow(1));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith('d:8');
    // A slow machine: the top level is still listed. Over another of its folders, the drop still goes where the hover went.
    moveTo(toRow(0));
    expect(itemNamed('2025').className).not.toContain('drop-');
    expect(area().className).toContain('area-drop-ok');
    expect(chip()).toHaveTextContent('Opening “2026”');
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS * 2));
    expect(props.onOpenFolder).toHaveBeenCalledTimes(1);
    release(toRow(0));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:100'], 'd:8');
  });

  it('drops on the open folder (its listing still on its way) into the folder a hover opened', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser(STATEMENTS);
    dragTo('file-1.pdf', 2, crumbPoint(0));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenLastCalledWith(null);
    // Still listed: the folder the file is in. Its area now stands for the top level.
    moveTo(toRow(4));
    release(toRow(4));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:3'], null);
  });
});

/**
 * The Documents tab on a laptop: the page is taller than the window, so the window can scroll. dnd-kit
 * scrolls what the drag is held near the edge of.
 */
describe('scrolling under a drag', () => {
  const page = document.documentElement;
  const scrollBy = vi.fn();
  beforeEach(() => {
    Object.defineProperty(document, 'scrollingElement', { configurable: true, value: page });
    Object.defineProperty(page, 'scrollHeight', { configurable: true, value: window.innerHeight * 2 });
    Object.defineProperty(page, 'scrollBy', { configurable: true, value: scrollBy });
    scrollBy.mockClear();
  });
  afterEach(() => {
    for (const name of ['scrollHeight', 'scrollBy']) Reflect.deleteProperty(page, name);
    Reflect.deleteProperty(document, 'scrollingElement');
  });
  const file: BrowserItem = { id: 'd:50', kind: 'file', name: 'notes.pdf' };
  /** The row whose middle is `fromBottom` pixels above the window's bottom edge. */
  const rowAbove = (fromBottom: number) => Math.floor((window.innerHeight - fromBottom) / LIST_ROW_PX);

  it('holds the page still under a drag over a folder in the lower part of the window, so the folder opens', () => {
    vi.useFakeTimers();
    // A row a sixth of the window above its bottom edge: far from the edge to a hand, but the page slid under it.
    const held = rowAbove(window.innerHeight / 6);
    const { props } = renderBrowser({ items: [file, ...itemsOf(20, 0)] });
    dragTo('notes.pdf', 0, toRow(held));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(scrollBy).not.toHaveBeenCalled();
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith(`d:${held}`);
    release(toRow(held));
  });

  it('scrolls the page while the drag is held at its very edge', () => {
    vi.useFakeTimers();
    renderBrowser({ items: [file, ...itemsOf(20, 0)] });
    const edge = { clientX: 100, clientY: window.innerHeight - 4 };
    dragTo('notes.pdf', 0, edge);
    act(() => void vi.advanceTimersByTime(100));
    expect(scrollBy).toHaveBeenCalled();
    release(edge);
  });
});

const dragOn = (point: { clientX: number; clientY: number }) => {
  moveTo({ clientX: point.clientX, clientY: point.clientY - 4 });
  moveTo(point);
};
