import { MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type DragOverEvent, type DragStartEvent, type Over } from '@dnd-kit/core';
import { useState } from 'react';
import { dropRefusal, type DropTarget } from './drop-rules';
import type { DropState } from './item-tile';
import type { BrowserCrumb, BrowserItem } from './types';
import { useHoverOpen } from './use-hover-open';

/** The folder a drop target stands for; null (the top level) is a folder too, undefined is no target. */
const folderIdOf = (target: Over | null): string | null | undefined => {
  const data = target?.data.current;
  return data && 'folderId' in data ? (data.folderId as string | null) : undefined;
};

interface DragState {
  ids: string[];
  /** The folder the dragged items are in: a drop back there is refused, even after the hover opened another. */
  source: string | null;
}

/**
 * Moving items by dragging them onto a folder (a row, a tile or a crumb above): the selection moves when a
 * selected item is dragged; a folder hovered for 1.5 s opens; a drop the rules refuse moves nothing.
 */
export const useItemDrag = (p: {
  path: BrowserCrumb[];
  items: BrowserItem[];
  selectedIds: ReadonlySet<string>;
  canWrite: boolean;
  onOpenFolder: (id: string | null) => void;
  onMove: (ids: string[], target: string | null) => void;
}) => {
  const [drag, setDrag] = useState<DragState | null>(null);
  const [over, setOver] = useState<string | null | undefined>(undefined);
  const current = p.path.at(-1)?.id ?? null;
  // A mouse drag starts after a few pixels, so a click stays a click; a finger holds still first, so a swipe still scrolls.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
  );

  const targetOf = (folderId: string | null): DropTarget => {
    const crumbAt = p.path.findIndex((crumb) => crumb.id === folderId);
    const ancestors = crumbAt >= 0 ? p.path.slice(0, crumbAt).map((c) => c.id) : p.path.map((c) => c.id);
    return { folderId, ancestors };
  };
  const readOnlyFolder = (folderId: string | null) => p.items.some((item) => item.id === folderId && item.readOnly && item.kind === 'folder');
  const refusal = (folderId: string | null) => {
    if (!drag) return null;
    if (readOnlyFolder(folderId)) return 'This folder is read-only.';
    return dropRefusal(drag.ids, targetOf(folderId), drag.source);
  };
  const allowed = over !== undefined && drag !== null && refusal(over) === null;
  // A folder of the listing or a crumb above opens under a lingering drag; the open folder itself (the area) has nothing to open.
  useHoverOpen(allowed && over !== current ? over : undefined, (id) => {
    setOver(undefined);
    p.onOpenFolder(id);
  });

  return {
    sensors,
    dragging: drag,
    dropStateOf: (folderId: string | null): DropState => (drag && over !== undefined && over === folderId ? (refusal(folderId) ? 'refused' : 'ok') : 'none'),
    refusal,
    onDragStart: ({ active }: DragStartEvent) => {
      const id = String(active.id);
      const ids = p.selectedIds.has(id) ? p.items.filter((item) => p.selectedIds.has(item.id) && !item.readOnly).map((item) => item.id) : [id];
      setDrag({ ids, source: current });
    },
    onDragOver: ({ over: target }: DragOverEvent) => setOver(folderIdOf(target)),
    onDragEnd: ({ over: target }: DragEndEvent) => {
      const folderId = folderIdOf(target);
      if (drag && folderId !== undefined && refusal(folderId) === null) p.onMove(drag.ids, folderId);
      setDrag(null);
      setOver(undefined);
    },
    onDragCancel: () => {
      setDrag(null);
      setOver(undefined);
    },
  };
};
