import { KeyboardCode, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type DragOverEvent, type DragStartEvent, type Over } from '@dnd-kit/core';
import { useState } from 'react';
import { dropRefusal, type DropTarget } from './drop-rules';
import type { DropState } from './item-tile';
import { nextTargetCoordinates, PickUpSensor } from './keyboard-drag';
import type { BrowserCrumb, BrowserItem } from './types';
import { useHoverOpen } from './use-hover-open';

/** The target a droppable stands for (its data says which), or undefined for none. */
const targetOf = (over: Over | null): DropTarget | undefined => {
  const data = over?.data.current;
  return data && 'folderId' in data && 'kind' in data ? { kind: data.kind as DropTarget['kind'], folderId: data.folderId as string | null } : undefined;
};

interface DragState {
  ids: string[];
  /** The folder the dragged items are in: a drop back there is refused, even after a hover opened another. */
  source: string | null;
}

/**
 * Moving items by dragging them onto a folder (a row, a tile or a crumb above), with a mouse, a finger or
 * the keyboard (M, the arrows, Enter): the selection moves when a selected item is dragged; a folder
 * hovered for 1.5 s opens; a drop the rules refuse moves nothing.
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
  const [over, setOver] = useState<DropTarget | undefined>(undefined);
  const current = p.path.at(-1)?.id ?? null;
  // A mouse drag starts after a few pixels, so a click stays a click; a finger holds still first, so a swipe still scrolls.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
    useSensor(PickUpSensor, {
      coordinateGetter: nextTargetCoordinates,
      keyboardCodes: { start: [], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Enter, KeyboardCode.Space] },
    }),
  );

  const readOnlyFolder = (folderId: string | null) => p.items.some((item) => item.id === folderId && item.readOnly && item.kind === 'folder');
  const refusal = (target: DropTarget) => {
    if (!drag) return null;
    if (target.kind === 'folder' && readOnlyFolder(target.folderId)) return 'This folder is read-only.';
    // The open folder takes a drop only if it may be written to (after a hover opened it).
    if (target.kind === 'area' && !p.canWrite && target.folderId !== drag.source) return 'This folder cannot take items.';
    return dropRefusal(drag.ids, target, p.path, drag.source);
  };
  const allowed = over !== undefined && drag !== null && refusal(over) === null;
  // A folder of the listing or a crumb above opens under a lingering drag; the open folder itself (the area) has nothing to open.
  useHoverOpen(allowed && over.kind !== 'area' ? over.folderId : undefined, (id) => {
    setOver(undefined);
    p.onOpenFolder(id);
  });
  const end = () => {
    setDrag(null);
    setOver(undefined);
  };

  return {
    sensors,
    dragging: drag,
    dropStateOf: (kind: DropTarget['kind'], folderId: string | null): DropState =>
      drag && over?.kind === kind && over.folderId === folderId ? (refusal(over) ? 'refused' : 'ok') : 'none',
    /** Why the folder or crumb under the drag refuses it, for the drag's label (the open folder's own refusal is plain to see). */
    refusalHere: over && over.kind !== 'area' ? refusal(over) : null,
    onDragStart: ({ active }: DragStartEvent) => {
      const id = String(active.id);
      const ids = p.selectedIds.has(id) ? p.items.filter((item) => p.selectedIds.has(item.id) && !item.readOnly).map((item) => item.id) : [id];
      setDrag({ ids, source: current });
    },
    onDragOver: ({ over: target }: DragOverEvent) => setOver(targetOf(target)),
    onDragEnd: ({ over: target }: DragEndEvent) => {
      const at = targetOf(target);
      if (drag && at && refusal(at) === null) p.onMove(drag.ids, at.folderId);
      end();
    },
    onDragCancel: end,
  };
};
