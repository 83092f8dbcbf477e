import { useState } from 'react';

/**
 * State that goes back to `initial` whenever `key` changes, during the same
 * render (no effect, so no frame shows the stale value). The selected rows of
 * a list use it, keyed by the list's filters: rows picked under other filters
 * would act on transactions no longer shown.
 */
export const useKeyedState = <T>(key: string, initial: T) => {
  const [held, setHeld] = useState({ key, value: initial });
  const value = held.key === key ? held.value : initial;
  const set = (next: T | ((now: T) => T)) =>
    setHeld((now) => {
      const current = now.key === key ? now.value : initial;
      return { key, value: next instanceof Function ? next(current) : next };
    });
  return [value, set] as const;
};
