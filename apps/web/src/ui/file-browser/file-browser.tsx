import { DndContext, DragOverlay, MeasuringStrategy, pointerWithin, useDroppable, type CollisionDetection } from '@dnd-kit/core';
import { useCallback, useEffect, useRef, useState, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import { useTouchDevice } from '../../lib/use-touch-device';
import { areaActions, selectionActions, type ActionKey } from './browser-actions';
import { Breadcrumbs } from './breadcrumbs';
import { countText } from './constants';
import { dropRefusal } from './drop-rules';
import { ContextMenu, type MenuPlace } from './context-menu';
import { ItemViews } from './item-views';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { Toolbar } from './toolbar';
import type { BrowserItem, FileBrowserProps } from './types';
import { useBrowserKeys } from './use-browser-keys';
import { useClickTimer } from './use-click-timer';
import { useItemDrag } from './use-item-drag';
import { useSelection } from './use-selection';
import './file-browser.css';

const AREA_DROP = 'area';

/** The folder row or crumb under the pointer takes a drop; the open folder's area takes it only where nothing else does. */
const underPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const specific = hits.filter((hit) => hit.id !== AREA_DROP);
  return specific.length > 0 ? specific : hits;
};

/** The open folder as a drop target: items dragged from another folder, which a hover opened, land here. */
const AreaDrop = ({
  folderId,
  onElement,
  children,
}: {
  folderId: string | null;
  onElement: (node: HTMLDivElement | null) => void;
  children: (ref: (node: HTMLDivElement | null) => void) => ReactNode;
}) => {
  const { setNodeRef } = useDroppable({ id: AREA_DROP, data: { folderId } });
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

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** "Move to…" knows the targets by path only: a dragged folder's own subfolders are refused by the server, with its words. */
const moveRefusal = (moving: BrowserItem[], folderId: string | null, path: FileBrowserProps['path']) =>
  dropRefusal(
    moving.map((item) => item.id),
    { folderId, ancestors: [] },
    path.at(-1)?.id ?? null,
  );

/**
 * A folder's files and folders, as a desktop file manager shows them: breadcrumbs, a toolbar, a list or a
 * grid, selection, a right-click menu, keys, and drag and drop (to move, and files from the desktop to
 * upload). It knows nothing of where items come from: the parent gives the path, the loaded items and
 * counts, and does what each callback asks; the widget owns selection, focus, menus, drags and timers.
 */
export const FileBrowser = (p: FileBrowserProps) => {
  const touch = useTouchDevice();
  const [ownView, setOwnView] = useState<'list' | 'grid'>('list');
  const view = p.view ?? ownView;
  const selection = useSelection(p.items);
  const [menu, setMenu] = useState<MenuPlace | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<BrowserItem | null>(null);
  const [moving, setMoving] = useState<BrowserItem[] | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const [columns, setColumns] = useState(1);
  const [reveal, setReveal] = useState<{ index: number } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // State, not only a ref: the list's virtualiser must render again once the element it scrolls exists.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const current = p.path.at(-1)?.id ?? null;
  const parent = p.path.length > 1 ? p.path[p.path.length - 2]!.id : undefined;

  const { clear } = selection;
  useEffect(() => clear(), [current, clear]);
  const open = (item: BrowserItem) => (item.kind === 'folder' ? p.onOpenFolder(item.id) : p.onOpenFile(item));
  const clicks = useClickTimer<string>(
    (id, modifiers) => selection.pick(id, modifiers),
    (id) => {
      const item = p.items.find((i) => i.id === id);
      if (item) open(item);
    },
  );
  const drag = useItemDrag({
    path: p.path,
    items: p.items,
    selectedIds: selection.selected,
    canWrite: p.canWrite,
    onOpenFolder: p.onOpenFolder,
    onMove: (ids, t) => void p.onMove(ids, t),
  });
  const changeable = (items: BrowserItem[]) => items.filter((item) => !item.readOnly);
  // What was deleted is no longer chosen, whether it goes or comes back with an undo.
  const remove = (items: BrowserItem[]) => {
    p.onDelete(items);
    selection.clear();
  };

  const act = (key: ActionKey) => {
    const chosen = selection.selectedItems;
    const one = chosen.length === 1 ? chosen[0]! : null;
    if (key === 'open' && one) open(one);
    if (key === 'download' && one) p.onDownload(one);
    if (key === 'zip') p.onDownloadZip(chosen);
    if (key === 'rename' && one) setRenaming(one);
    if (key === 'move') setMoving(changeable(chosen));
    if (key === 'delete' && changeable(chosen).length > 0) remove(changeable(chosen));
    if (key === 'new-folder') setCreating(true);
    if (key === 'upload') root.current?.querySelector<HTMLInputElement>('[data-testid="file-browser-upload"]')?.click();
    if (key === 'select-all') selection.all();
  };
  const onKeyDown = useBrowserKeys({
    items: p.items,
    selection,
    columns,
    open,
    up: () => parent !== undefined && p.onOpenFolder(parent),
    remove,
    rename: setRenaming,
    reveal: (index) => setReveal({ index }),
  });
  const onItemClick = (item: BrowserItem, event: MouseEvent) => {
    event.stopPropagation();
    // A finger has no double click: a tap opens (a long press selects, through the menu).
    if ((event.nativeEvent as PointerEvent).pointerType === 'touch') return open(item);
    clicks.click(item.id, event);
  };
  const onItemMenu = (item: BrowserItem | null, event: MouseEvent) => {
    // Alt plus right click is the browser's own menu, as the hint says.
    if (event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (item) selection.ensure(item.id);
    const chosen = item ? (selection.isSelected(item.id) ? selection.selectedItems : [item]) : [];
    setMenu({ x: event.clientX, y: event.clientY, actions: item ? selectionActions(chosen, p.canWrite) : areaActions(p.canWrite, p.items.length > 0) });
  };
  const closeMenu = useCallback(() => setMenu(null), []);
  const dropFiles = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setFilesOver(false);
    const files = [...event.dataTransfer.files];
    const folder = (event.target as HTMLElement).closest<HTMLElement>('[data-folder-id]')?.dataset.folderId;
    const target = folder && !p.items.find((item) => item.id === folder)?.readOnly ? folder : current;
    if (files.length > 0 && (p.canWrite || target !== current)) p.onUpload(files, target);
  };

  return (
    <div ref={root} className={`herd-fb${p.compact ? ' compact' : ''}`}>
      <DndContext
        sensors={drag.sensors}
        // The folder under the pointer takes the drop, as in a file manager; rows are measured as the drag starts and while it scrolls.
        collisionDetection={underPointer}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={drag.onDragStart}
        onDragOver={drag.onDragOver}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
      >
        <Breadcrumbs path={p.path} onOpen={p.onOpenFolder} dropStateOf={drag.dropStateOf} />
        <Toolbar
          canWrite={p.canWrite}
          camera={touch || !!p.compact}
          selectionActions={selectionActions(selection.selectedItems, p.canWrite)}
          selectedCount={selection.selectedItems.length}
          onAction={act}
          onFiles={(files) => p.onUpload(files, current)}
          search={p.search}
          onSearchChange={p.onSearchChange}
          sort={p.sort}
          onSortChange={p.onSortChange}
          view={view}
          onViewChange={(next) => (p.onViewChange ? p.onViewChange(next) : setOwnView(next))}
          count={countText(p.totalCount, selection.selectedItems.length, p.hiddenCount)}
          extra={p.extraActions}
        />
        <AreaDrop folderId={current} onElement={setScroller}>
          {(areaRef) => (
            <div
              ref={areaRef}
              className={`herd-fb-area${filesOver ? ' files-over' : ''}${p.loading ? ' loading' : ''}`}
              role="listbox"
              aria-label="Files and folders"
              aria-multiselectable
              aria-busy={p.loading || undefined}
              aria-activedescendant={p.items[selection.focus] ? `fb-item-${p.items[selection.focus]!.id}` : undefined}
              tabIndex={0}
              onKeyDown={onKeyDown}
              onClick={() => selection.clear()}
              onContextMenu={(event) => onItemMenu(null, event)}
              onDragOver={(event) => {
                if (!hasFiles(event)) return;
                event.preventDefault();
                setFilesOver(true);
              }}
              onDragLeave={(event) => event.currentTarget === event.target && setFilesOver(false)}
              onDrop={dropFiles}
            >
              {p.items.length === 0 && !p.loading ? (
                <div className="herd-fb-empty">{p.emptyText ?? 'Nothing to show'}</div>
              ) : (
                <ItemViews
                  view={view}
                  items={p.items}
                  isSelected={selection.isSelected}
                  focus={selection.focus}
                  dropStateOf={drag.dropStateOf}
                  compact={!!p.compact}
                  hasMore={!!p.hasMore}
                  onLoadMore={p.onLoadMore}
                  scroller={scroller}
                  reveal={reveal}
                  onColumns={setColumns}
                  onClick={onItemClick}
                  onDoubleClick={(item) => clicks.doubleClick(item.id)}
                  onContextMenu={(item, event) => onItemMenu(item, event)}
                  renderPdfThumbnail={p.renderPdfThumbnail}
                  onThumbnailError={p.onThumbnailError}
                />
              )}
              {filesOver ? <div className="herd-fb-dropzone">Drop files to upload them here</div> : null}
            </div>
          )}
        </AreaDrop>
        <DragOverlay dropAnimation={null}>
          {drag.dragging ? <div className="herd-fb-drag-chip">{drag.dragging.ids.length === 1 ? '1 item' : `${drag.dragging.ids.length} items`}</div> : null}
        </DragOverlay>
      </DndContext>
      <ContextMenu place={menu} onChoose={act} onClose={closeMenu} />
      <NameDialog title="New folder" okText="Create" open={creating} initial="New folder" onSubmit={p.onCreateFolder} onClose={() => setCreating(false)} />
      <NameDialog
        title="Rename"
        okText="Rename"
        open={renaming !== null}
        initial={renaming?.name ?? ''}
        onSubmit={(name) => (renaming ? p.onRename(renaming, name) : undefined)}
        onClose={() => setRenaming(null)}
      />
      <MoveDialog
        open={moving !== null}
        targets={p.moveTargets ?? []}
        refusalOf={(folderId) => (moving ? moveRefusal(moving, folderId, p.path) : null)}
        onMove={(folderId) =>
          moving
            ? p.onMove(
                moving.map((item) => item.id),
                folderId,
              )
            : undefined
        }
        onClose={() => setMoving(null)}
      />
    </div>
  );
};
