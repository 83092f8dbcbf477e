import { useEffect, useRef } from 'react';

interface ListKeys {
  /** Off while a dialog or the editor is open: the keys then belong to it. */
  enabled: boolean;
  onMove: (step: 1 | -1) => void;
  onOpen: () => void;
  onToggle: () => void;
  onHelp: () => void;
}

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** j/k move, Enter opens, x selects, ? shows the shortcuts; never while the person is typing in a field. */
export const useListKeys = (keys: ListKeys) => {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current;
      if (!current.enabled || typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const action = { j: () => current.onMove(1), k: () => current.onMove(-1), Enter: current.onOpen, x: current.onToggle, '?': current.onHelp }[event.key];
      if (!action) return;
      // Enter on a focused button or link keeps its own meaning.
      if (event.key === 'Enter' && event.target instanceof HTMLElement && ['BUTTON', 'A'].includes(event.target.tagName)) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
};
