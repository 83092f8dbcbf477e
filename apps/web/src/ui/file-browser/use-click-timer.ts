import { useEffect, useRef } from 'react';
import { CLICK_TIMER_MS } from './constants';

/**
 * Tells one click from two: a click waits CLICK_TIMER_MS before it counts as a single click (select),
 * and a double click within that time opens instead, with no selection before it.
 */
export const useClickTimer = <T>(onSingle: (value: T, modifiers: { toggle: boolean; range: boolean }) => void, onDouble: (value: T) => void) => {
  const pending = useRef<number | null>(null);
  useEffect(() => () => void (pending.current !== null && window.clearTimeout(pending.current)), []);
  const cancel = () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  };
  return {
    click: (value: T, event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => {
      cancel();
      const modifiers = { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey };
      pending.current = window.setTimeout(() => {
        pending.current = null;
        onSingle(value, modifiers);
      }, CLICK_TIMER_MS);
    },
    doubleClick: (value: T) => {
      cancel();
      onDouble(value);
    },
  };
};
