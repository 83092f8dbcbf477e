import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@herd/contract';

/** `value`, once it has stopped changing for `ms` (the search debounce by default). */
export const useDebouncedValue = <T>(value: T, ms: number = SEARCH_DEBOUNCE_MS): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
};
