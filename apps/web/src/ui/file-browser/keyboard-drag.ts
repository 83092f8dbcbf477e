import {
  KeyboardCode,
  KeyboardSensor,
  pointerWithin,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type KeyboardSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';

/**
 * The open folder's own area as a drop target: it takes a drop only where no folder or crumb does. Its id
 * names the folder, so opening another under a drag is a new target to dnd-kit, which then says so.
 */
export const areaDropId = (folderId: string | null) => `area:${folderId ?? ''}`;
const isAreaDrop = (id: UniqueIdentifier) => String(id).startsWith('area:');

/** The key that picks the focused item (or the selection it is in) up to carry it with the arrows. */
export const PICK_UP_KEY = 'm';

export const isPickUp = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  event.key.toLowerCase() === PICK_UP_KEY && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * dnd-kit's keyboard sensor, started by M rather than Space or Enter (which select and open here). The
 * key is read by its meaning, not its place on the keyboard, so it is M on any layout.
 */
export class PickUpSensor extends KeyboardSensor {
  static override activators = [
    {
      eventName: 'onKeyDown' as const,
      handler: (event: KeyboardEvent, { onActivation }: KeyboardSensorOptions) => {
        if (!isPickUp(event)) return false;
        event.preventDefault();
        onActivation?.({ event: event.nativeEvent });
        return true;
      },
    },
  ];
}

const centre = (rect: { left: number; top: number; width: number; height: number }) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/**
 * Arrows carry a keyboard drag from one drop target (folder row, tile or crumb) to the next in that
 * direction, the nearest first; a few pixels at a time would take dozens of presses per row.
 */
export const nextTargetCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const from = centre(collisionRect);
  const along = {
    [KeyboardCode.Down]: { axis: 'y', sign: 1 },
    [KeyboardCode.Up]: { axis: 'y', sign: -1 },
    [KeyboardCode.Right]: { axis: 'x', sign: 1 },
    [KeyboardCode.Left]: { axis: 'x', sign: -1 },
  }[event.code];
  if (!along) return undefined;
  event.preventDefault();
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (isAreaDrop(container.id) || !rect) continue;
    const to = centre(rect);
    const ahead = along.axis === 'y' ? (to.y - from.y) * along.sign : (to.x - from.x) * along.sign;
    // How far off the straight line the target's edge is: none for a row the line runs through.
    const aside = along.axis === 'y' ? Math.max(0, rect.left - from.x, from.x - rect.right) : Math.max(0, rect.top - from.y, from.y - rect.bottom);
    // Only what lies ahead (by more than a pixel), the straightest way first.
    if (ahead < 1) continue;
    const score = ahead + aside * 2;
    if (!best || score < best.score) best = { ...to, score };
  }
  if (!best) return undefined;
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 };
};

/**
 * The folder row or crumb under the pointer takes the drop (as in a file manager), the open folder's
 * area only where nothing else does. A keyboard drag has no pointer: the centre of what is carried
 * stands for it.
 */
export const underPointer: CollisionDetection = (args) => {
  const pointer = args.pointerCoordinates ?? centre(args.collisionRect);
  const hits = pointerWithin({ ...args, pointerCoordinates: pointer });
  const specific = hits.filter((hit) => !isAreaDrop(hit.id));
  return specific.length > 0 ? specific : hits;
};
