import { useCallback, useState } from 'react';
import type { BrowserItem } from './types';

/** Which items are selected, which one has the keyboard's focus, and the anchor a Shift range starts from. */
export const useSelection = (items: BrowserItem[]) => {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [focus, setFocus] = useState(0);
  const [anchor, setAnchor] = useState(0);
  const indexOf = (id: string) => items.findIndex((item) => item.id === id);
  // Stable: the browser clears the selection whenever the open folder changes.
  const clear = useCallback(() => setSelected(new Set()), []);
  const range = (from: number, to: number) => new Set(items.slice(Math.min(from, to), Math.max(from, to) + 1).map((item) => item.id));

  return {
    selected,
    focus: Math.min(focus, Math.max(items.length - 1, 0)),
    selectedItems: items.filter((item) => selected.has(item.id)),
    isSelected: (id: string) => selected.has(id),
    clear,
    all: () => setSelected(new Set(items.map((item) => item.id))),
    /** A click: only this one, this one toggled in (Ctrl/Cmd) or the range from the anchor (Shift). */
    pick: (id: string, { toggle, range: extend }: { toggle: boolean; range: boolean }) => {
      const index = indexOf(id);
      if (index < 0) return;
      setFocus(index);
      if (extend) return setSelected(range(anchor, index));
      setAnchor(index);
      if (!toggle) return setSelected(new Set([id]));
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    /** Right-clicking an item outside the selection selects it alone first. */
    ensure: (id: string) => {
      if (selected.has(id)) return;
      const index = indexOf(id);
      setSelected(new Set([id]));
      setFocus(Math.max(index, 0));
      setAnchor(Math.max(index, 0));
    },
    /** The keyboard moves the focus; with Shift the selection follows from the anchor. */
    moveFocus: (to: number, extend: boolean) => {
      const index = Math.max(0, Math.min(items.length - 1, to));
      setFocus(index);
      if (extend) setSelected(range(anchor, index));
      else setAnchor(index);
      return index;
    },
    toggleFocused: () => {
      const item = items[Math.min(focus, items.length - 1)];
      if (!item) return;
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(item.id)) next.delete(item.id);
        else next.add(item.id);
        return next;
      });
    },
  };
};
export type Selection = ReturnType<typeof useSelection>;
