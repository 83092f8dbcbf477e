import type { KeyboardEvent } from 'react';
import { isPickUp } from './keyboard-drag';
import type { Selection } from './use-selection';
import type { BrowserItem } from './types';

interface KeyActions {
  items: BrowserItem[];
  selection: Selection;
  /** Items per row: 1 in the list, the grid's columns. */
  columns: number;
  /** While a keyboard drag carries items, its keys belong to the drag. */
  dragging: boolean;
  open: (item: BrowserItem) => void;
  up: () => void;
  remove: (items: BrowserItem[]) => void;
  rename: (item: BrowserItem) => void;
  /** Brings the focused row into view. */
  reveal: (index: number) => void;
  /** Starts a keyboard drag of the focused item (M). */
  pickUp: (item: BrowserItem, event: KeyboardEvent) => void;
  /** Opens the item menu for the focused item (the menu key, Shift+F10). */
  menu: (item: BrowserItem) => void;
}

/**
 * The file browser's keys, on its item area: arrows move (Shift extends the selection), Space toggles,
 * Enter opens, Backspace goes up, Delete deletes the selection, F2 renames, Ctrl/Cmd+A selects all, M
 * picks the item up to carry it with the arrows, the menu key (or Shift+F10) opens the item's menu.
 */
export const useBrowserKeys = ({ items, selection, columns, dragging, open, up, remove, rename, reveal, pickUp, menu }: KeyActions) => {
  const move = (by: number, extend: boolean) => reveal(selection.moveFocus(selection.focus + by, extend));
  return (event: KeyboardEvent) => {
    // Typing in a field (the search, a rename) is not a command.
    if (dragging || event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    const focused = items[selection.focus];
    const handled = () => event.preventDefault();
    if (focused && isPickUp(event)) return pickUp(focused, event);
    if (focused && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      handled();
      return menu(focused);
    }
    switch (event.key) {
      case 'ArrowDown':
        handled();
        return move(columns, event.shiftKey);
      case 'ArrowUp':
        handled();
        return move(-columns, event.shiftKey);
      case 'ArrowRight':
        if (columns > 1) {
          handled();
          move(1, event.shiftKey);
        }
        return;
      case 'ArrowLeft':
        if (columns > 1) {
          handled();
          move(-1, event.shiftKey);
        }
        return;
      case ' ':
        handled();
        return selection.toggleFocused();
      case 'Enter':
        if (focused) {
          handled();
          open(focused);
        }
        return;
      case 'Backspace':
        handled();
        return up();
      case 'Delete': {
        const chosen = selection.selectedItems.filter((item) => !item.readOnly);
        if (chosen.length > 0) {
          handled();
          remove(chosen);
        }
        return;
      }
      case 'F2':
        if (focused && !focused.readOnly) {
          handled();
          rename(focused);
        }
        return;
      default:
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
          handled();
          selection.all();
        }
    }
  };
};
