import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLICK_TIMER_MS, DRAG_HOVER_OPEN_MS } from './constants';
import { itemNamed, itemsOf, renderBrowser } from './test-browser';
import { chip, crumbPoint, dragFromTo, dragTo, layOutRowsAndCrumbs, release, rowMiddle, toRow } from './test-drag-layout';

layOutRowsAndCrumbs();

describe('dragging items onto folders', () => {
  it('moves a file dropped on a folder', async () => {
    const { props } = renderBrowser();
    dragFromTo('file-1.pdf', 2, 1);
    expect(itemNamed('Folder 2').className).toContain('drop-ok');
    expect(chip()).toHaveTextContent('1 item');
    release(toRow(1));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:3'], 'd:2');
    // The overlay lets go of its chip once its (empty) drop animation has settled.
    await waitFor(() => expect(chip()).toBeNull());
  });

  it('drags the whole selection when a selected item is dragged, and moves items up onto a crumb', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    fireEvent.click(itemNamed('Folder 2'));
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS));
    fireEvent.click(itemNamed('file-1.pdf'), { ctrlKey: true });
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS));
    dragFromTo('file-1.pdf', 2, 0);
    expect(chip()).toHaveTextContent('2 items');
    release(toRow(0));
    expect(props.onMove).toHaveBeenLastCalledWith(['d:2', 'd:3'], 'd:1');
    // An item outside the selection goes alone, here onto the top level's crumb.
    dragTo('file-2.pdf', 3, crumbPoint(0));
    expect(document.querySelectorAll('.herd-fb-crumb')[0]!.className).toContain('drop-ok');
    release(crumbPoint(0));
    expect(props.onMove).toHaveBeenLastCalledWith(['d:4'], null);
  });

  it('does not drag a read-only item', () => {
    const { props } = renderBrowser({ items: [{ id: 'f:1', kind: 'file', name: 'receipt.pdf', readOnly: true }, ...itemsOf(2, 3)] });
    dragFromTo('receipt.pdf', 0, 1);
    expect(chip()).toBeNull();
    release(toRow(1));
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('opens a folder the drag hovers for 1.5 s', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    dragFromTo('file-1.pdf', 2, 0);
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS - 1));
    expect(props.onOpenFolder).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith('d:1');
    release(toRow(0));
  });

  it('refuses a folder dropped on itself, and neither moves nor opens it', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    // Folder 1 dragged within itself: the pointer stays over it.
    fireEvent.mouseDown(itemNamed('Folder 1'), { button: 0, clientX: 100, clientY: rowMiddle(0) });
    act(() => void fireEvent.mouseMove(document, { clientX: 110, clientY: rowMiddle(0) + 10 }));
    expect(itemNamed('Folder 1').className).toContain('drop-refused');
    expect(chip()).toHaveTextContent('An item cannot be dropped on itself.');
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS * 2));
    expect(props.onOpenFolder).not.toHaveBeenCalled();
    release(toRow(0));
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('refuses the folder the items came from after a hover opened the folder above it', () => {
    vi.useFakeTimers();
    const { props, rerenderWith } = renderBrowser();
    dragTo('file-1.pdf', 2, crumbPoint(0));
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS));
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith(null);
    // The parent opens the top level, which lists the folder the file is in (2026, d:100).
    rerenderWith({
      path: [{ id: null, name: 'Documents' }],
      items: [
        { id: 'd:100', kind: 'folder', name: '2026' },
        { id: 'd:7', kind: 'folder', name: '2025' },
      ],
    });
    act(() => void fireEvent.mouseMove(document, toRow(0)));
    expect(itemNamed('2026').className).toContain('drop-refused');
    expect(chip()).toHaveTextContent('The items are already in this folder.');
    act(() => void vi.advanceTimersByTime(DRAG_HOVER_OPEN_MS * 2));
    expect(props.onOpenFolder).toHaveBeenCalledTimes(1);
    release(toRow(0));
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('refuses a drop on a read-only folder', () => {
    const { props } = renderBrowser({ items: [{ id: 's:R', kind: 'folder', name: 'Receipts', readOnly: true }, ...itemsOf(2, 3)] });
    dragFromTo('file-1.pdf', 3, 0);
    expect(itemNamed('Receipts').className).toContain('drop-refused');
    release(toRow(0));
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('carries the focused item with the keyboard: M picks it up, arrows go from folder to folder, Enter drops', async () => {
    const { props } = renderBrowser();
    const box = screen.getByRole('listbox');
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'm', code: 'KeyM' });
    expect(chip()).toHaveTextContent('1 item');
    // The sensor listens from the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => void fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' }));
    expect(itemNamed('Folder 2').className).toContain('drop-ok');
    act(() => void fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' }));
    expect(itemNamed('Folder 1').className).toContain('drop-ok');
    expect(itemNamed('Folder 2').className).not.toContain('drop-ok');
    // The keys belong to the drag: Enter drops rather than opening the focused item.
    act(() => void fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' }));
    expect(props.onMove).toHaveBeenCalledExactlyOnceWith(['d:3'], 'd:1');
    expect(props.onOpenFile).not.toHaveBeenCalled();
    await waitFor(() => expect(chip()).toBeNull());
  });

  it('cancels a keyboard drag on Escape, moving nothing', async () => {
    const { props } = renderBrowser();
    const box = screen.getByRole('listbox');
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'M', code: 'KeyM', shiftKey: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => void fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' }));
    act(() => void fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' }));
    await waitFor(() => expect(chip()).toBeNull());
    expect(props.onMove).not.toHaveBeenCalled();
  });
});
