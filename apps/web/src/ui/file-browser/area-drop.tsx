import { useDroppable } from '@dnd-kit/core';
import { useCallback, type ReactNode } from 'react';
import { areaDropId } from './keyboard-drag';

/** The open folder as a drop target: items dragged from another folder, which a hover opened, land here. */
export const AreaDrop = ({
  folderId,
  onElement,
  children,
}: {
  folderId: string | null;
  onElement: (node: HTMLDivElement | null) => void;
  children: (ref: (node: HTMLDivElement | null) => void) => ReactNode;
}) => {
  const { setNodeRef } = useDroppable({ id: areaDropId(folderId), data: { kind: 'area', folderId } });
  // One stable ref: a new one each render would detach and attach the element, and set the state each time.
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setNodeRef(node);
      onElement(node);
    },
    [setNodeRef, onElement],
  );
  return children(ref);
};
