import { useEffect, useRef } from 'react';
import { DRAG_HOVER_OPEN_MS } from './constants';

/**
 * While a drag hovers one folder, opens it after DRAG_HOVER_OPEN_MS; moving to another target (or
 * none) starts over. `hovered` is the folder under the drag (undefined when none; null is the top level).
 */
export const useHoverOpen = (hovered: string | null | undefined, onOpen: (folderId: string | null) => void) => {
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    if (hovered === undefined) return;
    const timer = window.setTimeout(() => open.current(hovered), DRAG_HOVER_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, [hovered]);
};
