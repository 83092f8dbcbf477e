import { useSyncExternalStore } from 'react';

/** A phone or tablet: a coarse pointer (a finger) or no hover at all, so most likely no keyboard either. */
const TOUCH_QUERY = '(hover: none), (pointer: coarse)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_QUERY) : null);

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** Whether this is a touch device, kept up to date (a tablet may gain a keyboard and mouse). */
export const useTouchDevice = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
