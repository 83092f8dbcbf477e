import { KeyboardCode, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type DragOverEvent, type DragStartEvent, type Over } from '@dnd-kit/core';
import { useEffect, useState } from 'react';
import { DRAG_SCROLL_EDGE } from './constants';
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
const sameTarget = (a: DropTarget, b: DropTarget) => a.kind === b.kind && a.folderId === b.folderId;

/** dnd-kit scrolls the list or the page only while a drag is held at its very edge, never under a pointer held still over a folder. */
export const DRAG_AUTO_SCROLL = { threshold: { x: DRAG_SCROLL_EDGE, y: DRAG_SCROLL_EDGE } };

interface DragState {
  ids: string[];
  /** The folder the dragged items are in: a drop back there is refused, even after a hover opened another. */
  source: string | null;
}

/** A folder a hover opened, from the moment it was asked for until the parent hands it in. */
interface Opening {
  /** The folder row or crumb whose hover opened it: a drop into it follows that target's rules. */
  target: DropTarget;
  name: string;
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
  const [opening, setOpening] = useState<Opening | null>(null);
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

  // The folder a hover opened is on screen once the parent hands in its path; what opened it (a row now
  // gone, a crumb now the open folder) is no longer under the drag, and dnd-kit says next what is.
  const arrived = opening !== null && opening.target.folderId === current;
  useEffect(() => {
    if (!arrived) return;
    setOver((now) => (now && opening && sameTarget(now, opening.target) ? undefined : now));
    setOpening(null);
  }, [arrived, opening]);
  // Until then the listing still shows the folder left behind (on a slow machine, for a while): anywhere over
  // it stands for the folder opening, so a drop there lands where the hover went. The crumbs stay themselves.
  const pending = opening !== null && !arrived ? opening : null;
  const destination = (target: DropTarget | undefined) => (pending && target && target.kind !== 'crumb' ? pending.target : target);
  const here = destination(over);

  const readOnlyFolder = (folderId: string | null) => p.items.some((item) => item.id === folderId && item.readOnly && item.kind === 'folder');
  const refusal = (target: DropTarget) => {
    if (!drag) return null;
    if (target.kind === 'folder' && readOnlyFolder(target.folderId)) return 'This folder is read-only.';
    // The open folder takes a drop only if it may be written to (after a hover opened it).
    if (target.kind === 'area' && !p.canWrite && target.folderId !== drag.source) return 'This folder cannot take items.';
    return dropRefusal(drag.ids, target, p.path, drag.source);
  };
  const allowed = here !== undefined && drag !== null && refusal(here) === null;
  // A folder of the listing or a crumb above opens under a lingering drag; the open folder itself (the area) has nothing to open, nor has the one opening.
  const openable = allowed && here.kind !== 'area' && !(opening && sameTarget(here, opening.target));
  useHoverOpen(openable ? here.folderId : undefined, (id) => {
    if (!here) return;
    const name = (here.kind === 'crumb' ? p.path.find((crumb) => crumb.id === id) : p.items.find((item) => item.id === id))?.name ?? '';
    setOpening({ target: here, name });
    p.onOpenFolder(id);
  });
  const end = () => {
    setDrag(null);
    setOver(undefined);
    setOpening(null);
  };
  // What the listing shows as the target: while a folder is opening, its area as a whole.
  const shown = pending && over && over.kind !== 'crumb' ? { kind: 'area', folderId: current } : over;

  return {
    sensors,
    dragging: drag,
    dropStateOf: (kind: DropTarget['kind'], folderId: string | null): DropState =>
      drag && here && shown?.kind === kind && shown.folderId === folderId ? (refusal(here) ? 'refused' : 'ok') : 'none',
    /** Why the folder or crumb under the drag refuses it, for the drag's label (the open folder's own refusal is plain to see). */
    refusalHere: here && here.kind !== 'area' ? refusal(here) : null,
    /** The folder a hover opened, while the listing under the drag still shows the one left behind. */
    openingHere: pending && shown !== over ? pending.name : null,
    onDragStart: ({ active }: DragStartEvent) => {
      const id = String(active.id);
      const ids = p.selectedIds.has(id) ? p.items.filter((item) => p.selectedIds.has(item.id) && !item.readOnly).map((item) => item.id) : [id];
      setDrag({ ids, source: current });
      setOpening(null);
    },
    onDragOver: ({ over: target }: DragOverEvent) => setOver(targetOf(target)),
    onDragEnd: ({ over: target }: DragEndEvent) => {
      const at = destination(targetOf(target));
      if (drag && at && refusal(at) === null) p.onMove(drag.ids, at.folderId);
      end();
    },
    onDragCancel: end,
  };
};
