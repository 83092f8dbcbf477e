import { useLayoutEffect, useRef } from 'react';

/**
 * While `open`, remembers what had the focus when it opened; when it closes,
 * gives the focus back at once if nothing else has taken it.
 *
 * The drawer's own return waits for its closing animation, and by then the
 * next panel may already be open with the cursor in its first field: a late
 * return took that cursor away. Returning at the moment of closing, and only
 * when the focus fell to the page, cannot. The panel's content must take the
 * focus in an effect (as the editor does), after this hook has seen the opener.
 */
export const useReturnFocus = (open: boolean) => {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      if (!opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
      return;
    }
    const back = opener.current;
    opener.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (back?.isConnected && lost) back.focus({ preventScroll: true });
  }, [open]);
};
