import { DndContext, DragOverlay, MeasuringStrategy } from '@dnd-kit/core';
import { theme } from 'antd';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTouchDevice } from '../../lib/use-touch-device';
import { AreaDrop } from './area-drop';
import { areaActions, selectionActions, type ActionKey } from './browser-actions';
import { Breadcrumbs } from './breadcrumbs';
import { countText } from './constants';
import { dropRefusal } from './drop-rules';
import { ContextMenu, type MenuPlace } from './context-menu';
import { ItemViews } from './item-views';
import { underPointer } from './keyboard-drag';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { Toolbar } from './toolbar';
import type { BrowserItem, FileBrowserProps } from './types';
import { useBrowserKeys } from './use-browser-keys';
import { useClickTimer } from './use-click-timer';
import { DRAG_AUTO_SCROLL, useItemDrag } from './use-item-drag';
import { useSelection } from './use-selection';
import './file-browser.css';

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** "Move to…" knows the targets by id only: a dragged folder's own subfolders are refused by the server, with its words. */
const moveRefusal = (moving: BrowserItem[], folderId: string | null, path: FileBrowserProps['path']) =>
  dropRefusal(
    moving.map((item) => item.id),
    { kind: 'folder', folderId },
    path,
  );

type PickUp = (event: KeyboardEvent) => void;

/**
 * FileBrowser: a folder's files and folders, as a desktop file manager shows them (breadcrumbs, a toolbar,
 * a virtualised list or grid, selection, a right-click menu, keys, drag and drop to move, files dropped
 * from the desktop to upload).
 *
 * The parent owns the data: the path, the loaded items (in its order), the counts, the applied search,
 * the sort and paging; it does what each callback asks (upload, move, delete with its undo...) and hands
 * in the new state. The widget owns what is only on screen: the selection and keyboard focus (reset when
 * the folder changes), menus and dialogs, drags and their rules, the search being typed, and timers
 * (click, search debounce, drag hover). It never fetches anything itself.
 */
export const FileBrowser = (p: FileBrowserProps) => {
  const touch = useTouchDevice();
  const { token } = theme.useToken();
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
  // The last pointer pressed: a finger's tap opens. Read from pointerdown, as not every browser's click says it.
  const pointerType = useRef('mouse');
  // A menu the keyboard opened: the contextmenu event the same key then fires must not replace it.
  const keyMenuAt = useRef(0);
  const pickUps = useRef(new Map<string, PickUp>());
  const registerPickUp = useCallback((id: string, handler: PickUp | undefined) => void (handler ? pickUps.current.set(id, handler) : pickUps.current.delete(id)), []);
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
  const openMenu = (item: BrowserItem | null, x: number, y: number) => {
    if (item) selection.ensure(item.id);
    const chosen = item ? (selection.isSelected(item.id) ? selection.selectedItems : [item]) : [];
    setMenu({ x, y, actions: item ? selectionActions(chosen, p.canWrite) : areaActions(p.canWrite, p.items.length > 0) });
  };
  const onKeyDown = useBrowserKeys({
    items: p.items,
    selection,
    columns,
    dragging: drag.dragging !== null,
    open,
    up: () => parent !== undefined && p.onOpenFolder(parent),
    remove,
    rename: setRenaming,
    reveal: (index) => setReveal({ index }),
    pickUp: (item, event) => pickUps.current.get(item.id)?.(event),
    menu: (item) => {
      keyMenuAt.current = Date.now();
      const at = document.getElementById(`fb-item-${item.id}`)?.getBoundingClientRect();
      openMenu(item, (at?.left ?? 0) + 24, at?.bottom ?? 0);
    },
  });
  const onItemClick = (item: BrowserItem, event: MouseEvent) => {
    event.stopPropagation();
    // A finger has no double click: a tap opens (a long press or the checkbox selects).
    if (pointerType.current === 'touch' || (event.nativeEvent as PointerEvent).pointerType === 'touch') return open(item);
    clicks.click(item.id, event);
  };
  const onItemMenu = (item: BrowserItem | null, event: MouseEvent) => {
    // Alt plus right click is the browser's own menu, as the hint says.
    if (event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (Date.now() - keyMenuAt.current < 500) return;
    openMenu(item, event.clientX, event.clientY);
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
  const areaDrop = drag.dropStateOf('area', current);
  // antd's theme, handed to the stylesheet: the widget follows the app's colours.
  const colours = {
    '--herd-fb-primary': token.colorPrimary,
    '--herd-fb-primary-bg': token.colorPrimaryBg,
    '--herd-fb-border': token.colorBorderSecondary,
    '--herd-fb-bg': token.colorBgContainer,
    '--herd-fb-hover': token.colorFillTertiary,
    '--herd-fb-muted': token.colorTextSecondary,
    '--herd-fb-faint': token.colorTextTertiary,
    '--herd-fb-ok': token.colorSuccess,
    '--herd-fb-error': token.colorError,
    '--herd-fb-radius': `${token.borderRadius}px`,
  } as CSSProperties;

  return (
    <div ref={root} className={`herd-fb${p.compact ? ' compact' : ''}`} style={colours}>
      <DndContext
        sensors={drag.sensors}
        // The folder under the pointer takes the drop, as in a file manager; rows are measured as the drag starts and while it scrolls.
        collisionDetection={underPointer}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        autoScroll={DRAG_AUTO_SCROLL}
        onDragStart={drag.onDragStart}
        onDragOver={drag.onDragOver}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
      >
        <Breadcrumbs path={p.path} onOpen={p.onOpenFolder} dropStateOf={(id) => drag.dropStateOf('crumb', id)} />
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
        {p.status}
        <AreaDrop folderId={current} onElement={setScroller}>
          {(areaRef) => (
            <div
              ref={areaRef}
              className={`herd-fb-area${filesOver ? ' files-over' : ''}${p.loading ? ' loading' : ''}${areaDrop !== 'none' ? ` area-drop-${areaDrop}` : ''}`}
              role="listbox"
              aria-label="Files and folders"
              aria-multiselectable
              aria-busy={p.loading || undefined}
              aria-activedescendant={p.items[selection.focus] ? `fb-item-${p.items[selection.focus]!.id}` : undefined}
              tabIndex={0}
              onKeyDown={onKeyDown}
              onPointerDownCapture={(event) => (pointerType.current = event.pointerType || 'mouse')}
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
                  dropStateOf={(id) => drag.dropStateOf('folder', id)}
                  compact={!!p.compact}
                  touch={touch}
                  hasMore={!!p.hasMore}
                  onLoadMore={p.onLoadMore}
                  scroller={scroller}
                  reveal={reveal}
                  onColumns={setColumns}
                  onClick={onItemClick}
                  onDoubleClick={(item) => clicks.doubleClick(item.id)}
                  onContextMenu={(item, event) => onItemMenu(item, event)}
                  onToggle={(item) => selection.pick(item.id, { toggle: true, range: false })}
                  registerPickUp={registerPickUp}
                  renderPdfThumbnail={p.renderPdfThumbnail}
                  onThumbnailError={p.onThumbnailError}
                />
              )}
              {filesOver ? <div className="herd-fb-dropzone">Drop files to upload them here</div> : null}
            </div>
          )}
        </AreaDrop>
        <DragOverlay dropAnimation={null}>
          {drag.dragging ? (
            <div className={`herd-fb-drag-chip${drag.refusalHere ? ' refused' : ''}`}>
              {drag.dragging.ids.length === 1 ? '1 item' : `${drag.dragging.ids.length} items`}
              {drag.refusalHere ? ` · ${drag.refusalHere}` : ''}
              {drag.openingHere !== null ? ` · Opening “${drag.openingHere}”…` : ''}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <ContextMenu place={menu} keyboardHints={!touch} onChoose={act} onClose={closeMenu} />
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
