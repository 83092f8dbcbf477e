import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useEffect, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { BrowserItem } from './types';

export type DropState = 'none' | 'ok' | 'refused';

export interface ItemHandlers {
  onClick: (item: BrowserItem, event: MouseEvent) => void;
  onDoubleClick: (item: BrowserItem) => void;
  onContextMenu: (item: BrowserItem, event: MouseEvent) => void;
  /** The selection checkbox (touch screens): adds or takes out this item. */
  onToggle: (item: BrowserItem) => void;
  /** Hands the area the key handler that picks this item up, so M on the focused item starts a keyboard drag. */
  registerPickUp: (id: string, handler: ((event: KeyboardEvent) => void) | undefined) => void;
}

interface ItemTileProps extends ItemHandlers {
  item: BrowserItem;
  selected: boolean;
  focused: boolean;
  dropState: DropState;
  /** Touch screens show a box to tick to select with, as a tap opens. */
  checkbox: boolean;
  className: string;
  style: React.CSSProperties;
  children: ReactNode;
}

/**
 * One item, as a row or a tile: selectable, draggable (unless read-only) and, for a folder, a place to
 * drop. Drag and drop come from dnd-kit; the pointer must move a few pixels first, so a click stays a click.
 */
export const ItemTile = (p: ItemTileProps) => {
  const { item, selected, focused, dropState, className, style, children, registerPickUp } = p;
  const drag = useDraggable({ id: item.id, disabled: item.readOnly });
  const drop = useDroppable({ id: `drop:${item.id}`, disabled: item.kind !== 'folder', data: { kind: 'folder', folderId: item.id } });
  const pickUp = drag.listeners?.onKeyDown as ((event: KeyboardEvent) => void) | undefined;
  useEffect(() => {
    registerPickUp(item.id, pickUp);
    return () => registerPickUp(item.id, undefined);
  }, [item.id, pickUp, registerPickUp]);
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
      onClick={(event) => p.onClick(item, event)}
      onDoubleClick={() => p.onDoubleClick(item)}
      onContextMenu={(event) => p.onContextMenu(item, event)}
    >
      {p.checkbox ? (
        // A finger's way to select, drawn rather than a second control: a control inside an option is out of
        // reach of a screen reader, which hears the option itself say whether it is selected.
        <span
          className={selected ? 'herd-fb-check checked' : 'herd-fb-check'}
          aria-hidden
          data-testid="fb-select"
          onClick={(event) => {
            event.stopPropagation();
            p.onToggle(item);
          }}
          onPointerDown={(event) => event.stopPropagation()}
        />
      ) : null}
      {children}
    </div>
  );
};
