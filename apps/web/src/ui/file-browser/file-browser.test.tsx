import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLICK_TIMER_MS, SEARCH_DEBOUNCE_MS, SEARCH_WIDTH_PX } from './constants';
import { area, itemNamed, itemsOf, renderBrowser } from './test-browser';

afterEach(() => vi.useRealTimers());

const count = () => document.querySelector('.herd-fb-count')!.textContent;
const click = (name: string) => {
  fireEvent.click(itemNamed(name));
  act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS));
};

describe('the file browser', () => {
  it('applies the search 300 ms after the last key; Escape clears it and leaves the field', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    const search = screen.getByLabelText('Search this folder');
    expect(search.closest('.ant-input-affix-wrapper') ?? search).toHaveStyle({ width: `${SEARCH_WIDTH_PX}px` });
    search.focus();
    fireEvent.change(search, { target: { value: 'rep' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(search, { target: { value: 'repo' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(props.onSearchChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(props.onSearchChange).toHaveBeenCalledExactlyOnceWith('repo');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(props.onSearchChange).toHaveBeenLastCalledWith('');
    expect(search).toHaveValue('');
    expect(search).not.toHaveFocus();
  });

  it('counts items, what is selected and what the search hides', () => {
    vi.useFakeTimers();
    const { rerenderWith } = renderBrowser({ items: [], totalCount: 0 });
    expect(count()).toBe('0 items');
    rerenderWith({ items: itemsOf(0, 1), totalCount: 1 });
    expect(count()).toBe('1 item');
    rerenderWith({ items: itemsOf(2, 3), totalCount: 5, hiddenCount: 3 });
    click('Folder 1');
    expect(count()).toBe('5 items, 1 selected, 3 hidden');
  });

  it('selects on a single click only once the timer has run, and opens on a double click without selecting', () => {
    vi.useFakeTimers();
    const { props } = renderBrowser();
    fireEvent.click(itemNamed('Folder 1'));
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS - 1));
    expect(itemNamed('Folder 1')).toHaveAttribute('aria-selected', 'false');
    act(() => void vi.advanceTimersByTime(1));
    expect(itemNamed('Folder 1')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(itemNamed('Folder 2'));
    fireEvent.doubleClick(itemNamed('Folder 2'));
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS * 2));
    expect(props.onOpenFolder).toHaveBeenCalledExactlyOnceWith('d:2');
    expect(itemNamed('Folder 2')).toHaveAttribute('aria-selected', 'false');
    fireEvent.doubleClick(itemNamed('file-1.pdf'));
    expect(props.onOpenFile).toHaveBeenCalledWith(expect.objectContaining({ id: 'd:3' }));
    // Ctrl adds to the selection, Shift takes the range.
    click('Folder 1');
    fireEvent.click(itemNamed('file-2.pdf'), { shiftKey: true });
    act(() => void vi.advanceTimersByTime(CLICK_TIMER_MS));
    expect(count()).toBe('5 items, 4 selected');
  });

  it('opens its own menu on right click, with the Alt hint; Alt plus right click leaves the browser’s', () => {
    const { props } = renderBrowser();
    const notCancelled = fireEvent.contextMenu(itemNamed('file-1.pdf'), { altKey: true });
    expect(notCancelled).toBe(true);
    expect(screen.queryByRole('menu', { name: 'Actions' })).toBeNull();
    fireEvent.contextMenu(itemNamed('file-1.pdf'), { clientX: 40, clientY: 60 });
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(menu).toHaveTextContent('Alt + right click opens the browser’s menu');
    expect(itemNamed('file-1.pdf')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    expect(props.onDownload).toHaveBeenCalledWith(expect.objectContaining({ id: 'd:3' }));
    expect(screen.queryByRole('menu', { name: 'Actions' })).toBeNull();
    fireEvent.contextMenu(itemNamed('file-1.pdf'));
    fireEvent.click(within(screen.getByRole('menu', { name: 'Actions' })).getByRole('menuitem', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalledWith([expect.objectContaining({ id: 'd:3' })]);
    // The empty area offers what a folder can take; Escape closes the menu.
    fireEvent.contextMenu(area());
    expect(within(screen.getByRole('menu', { name: 'Actions' })).getByRole('menuitem', { name: 'New folder' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: 'Actions' })).toBeNull();
  });

  it('keeps read-only items from being renamed, moved or deleted', () => {
    renderBrowser({ items: [{ id: 's:RECEIPTS', kind: 'folder', name: 'Receipts', readOnly: true }] });
    fireEvent.contextMenu(itemNamed('Receipts'));
    const menu = screen.getByRole('menu', { name: 'Actions' });
    for (const name of ['Rename', 'Move to…', 'Delete']) expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
  });

  it('answers the keys: arrows, Enter, Backspace, Delete, F2 and Ctrl+A', async () => {
    const { props } = renderBrowser();
    const box = area();
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onOpenFolder).toHaveBeenCalledWith('d:2');
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    expect(count()).toBe('5 items, 2 selected');
    fireEvent.keyDown(box, { key: 'Delete' });
    expect(props.onDelete).toHaveBeenCalledWith([expect.objectContaining({ id: 'd:2' }), expect.objectContaining({ id: 'd:3' })]);
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(props.onOpenFolder).toHaveBeenLastCalledWith(null);
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    expect(count()).toBe('5 items, 5 selected');
    fireEvent.keyDown(box, { key: 'F2' });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('file-1.pdf');
    fireEvent.change(name, { target: { value: 'renamed.pdf' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(props.onRename).toHaveBeenCalledWith(expect.objectContaining({ id: 'd:3' }), 'renamed.pdf'));
  });

  it('says “Nothing to show” in an empty folder', () => {
    renderBrowser({ items: [], totalCount: 0 });
    expect(area()).toHaveTextContent('Nothing to show');
  });

  it('uploads several chosen files, and files dropped from the desktop into the folder under them', () => {
    const { props } = renderBrowser();
    const files = [new File(['a'], 'a.pdf', { type: 'application/pdf' }), new File(['b'], 'b.png', { type: 'image/png' })];
    fireEvent.change(screen.getByTestId('file-browser-upload'), { target: { files } });
    expect(props.onUpload).toHaveBeenCalledWith(files, 'd:100');
    const dataTransfer = { types: ['Files'], files };
    fireEvent.dragOver(area(), { dataTransfer });
    expect(area()).toHaveTextContent('Drop files to upload them here');
    fireEvent.drop(itemNamed('Folder 2'), { dataTransfer });
    expect(props.onUpload).toHaveBeenLastCalledWith(files, 'd:2');
    fireEvent.drop(area(), { dataTransfer });
    expect(props.onUpload).toHaveBeenLastCalledWith(files, 'd:100');
  });

  it('renders only the rows in view of a folder of 10,000 files, and asks for more near the end', () => {
    const onLoadMore = vi.fn();
    renderBrowser({ items: itemsOf(0, 10_000), totalCount: 10_000, hasMore: true, onLoadMore });
    const rendered = document.querySelectorAll('[role="option"]').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(onLoadMore).not.toHaveBeenCalled();
    // Scrolled to the end: the rows there are drawn, and the next page is asked for once.
    act(() => {
      area().scrollTop = 10_000 * 48;
      fireEvent.scroll(area());
    });
    expect(itemNamed('file-10000.pdf')).toBeDefined();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('logs and ignores a thumbnail that fails, keeping the file’s icon (PDFs are drawn in the grid)', async () => {
    const onThumbnailError = vi.fn();
    const renderPdfThumbnail = vi.fn().mockRejectedValue(new Error('bad pdf'));
    renderBrowser({
      items: [
        { id: 'd:1', kind: 'file', name: 'scan.pdf', contentType: 'application/pdf', thumbnailUrl: '/x/scan.pdf' },
        { id: 'd:2', kind: 'file', name: 'photo.png', contentType: 'image/png', thumbnailUrl: '/x/photo.png' },
      ],
      renderPdfThumbnail,
      onThumbnailError,
      view: 'grid',
    });
    await waitFor(() => expect(onThumbnailError).toHaveBeenCalledWith(expect.objectContaining({ id: 'd:1' }), expect.any(Error)));
    expect(itemNamed('scan.pdf').querySelector('[data-icon="file"]')).not.toBeNull();
    fireEvent.error(itemNamed('photo.png').querySelector('img')!);
    expect(onThumbnailError).toHaveBeenCalledWith(expect.objectContaining({ id: 'd:2' }), expect.any(Error));
    expect(itemNamed('photo.png').querySelector('img')).toBeNull();
  });
});
