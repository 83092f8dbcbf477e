import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { MouseEvent, ReactNode } from 'react';
import type { BrowserItem } from './types';

export type DropState = 'none' | 'ok' | 'refused';

export interface ItemHandlers {
  onClick: (item: BrowserItem, event: MouseEvent) => void;
  onDoubleClick: (item: BrowserItem) => void;
  onContextMenu: (item: BrowserItem, event: MouseEvent) => void;
}

interface ItemTileProps extends ItemHandlers {
  item: BrowserItem;
  selected: boolean;
  focused: boolean;
  dropState: DropState;
  className: string;
  style: React.CSSProperties;
  children: ReactNode;
}

/**
 * One item, as a row or a tile: selectable, draggable (unless read-only) and, for a folder, a place to
 * drop. Drag and drop come from dnd-kit; the pointer must move a few pixels first, so a click stays a click.
 */
export const ItemTile = ({ item, selected, focused, dropState, className, style, children, onClick, onDoubleClick, onContextMenu }: ItemTileProps) => {
  const drag = useDraggable({ id: item.id, disabled: item.readOnly });
  const drop = useDroppable({ id: `drop:${item.id}`, disabled: item.kind !== 'folder', data: { folderId: item.id } });
  const classes = [className, selected && 'selected', focused && 'focused', drag.isDragging && 'dragging', dropState !== 'none' && `drop-${dropState}`]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      {...drag.attributes}
      {...drag.listeners}
      // dnd-kit makes the draggable a button; here it is one option of the list.
      role="option"
      tabIndex={-1}
      id={`fb-item-${item.id}`}
      aria-selected={selected}
      data-item-id={item.id}
      data-folder-id={item.kind === 'folder' ? item.id : undefined}
      className={classes}
      style={style}
      title={item.name}
      onClick={(event) => onClick(item, event)}
      onDoubleClick={() => onDoubleClick(item)}
      onContextMenu={(event) => onContextMenu(item, event)}
    >
      {children}
    </div>
  );
};
