import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { LIST_ROW_PX, LOAD_MORE_THRESHOLD_ROWS } from './constants';
import { formatModified, formatSize } from './format';
import { gridColumns, gridMetrics } from './grid-layout';
import { ItemIcon } from './item-icon';
import { ItemTile, type DropState, type ItemHandlers } from './item-tile';
import type { BrowserItem, BrowserView } from './types';

export interface ItemViewProps extends ItemHandlers {
  view: BrowserView;
  items: BrowserItem[];
  isSelected: (id: string) => boolean;
  focus: number;
  dropStateOf: (id: string) => DropState;
  compact: boolean;
  /** A touch screen: overlay scroll bars, and a checkbox on each item to select with. */
  touch: boolean;
  hasMore: boolean;
  onLoadMore?: () => void;
  /** The scrolling element (the parent's item area), once it exists. */
  scroller: HTMLDivElement | null;
  /** Scroll the focused item into view: a new object each time it is asked. */
  reveal: { index: number } | null;
  onColumns: (columns: number) => void;
  renderPdfThumbnail?: (url: string) => Promise<string>;
  onThumbnailError?: (item: BrowserItem, error: unknown) => void;
}

const FALLBACK_RECT = { width: 800, height: 600 };

/** The item area's width, followed as it is resized (jsdom has no layout: 800 px). */
const useWidth = (node: HTMLDivElement | null) => {
  const [width, setWidth] = useState(800);
  useEffect(() => {
    if (!node) return;
    if (node.clientWidth > 0) setWidth(node.clientWidth);
    const observer = new ResizeObserver(() => node.clientWidth > 0 && setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return width;
};

const Meta = ({ item }: { item: BrowserItem }) => (
  <>
    {item.badge ? <span className="herd-fb-badge">{item.badge}</span> : null}
    {item.link ? (
      <a className="herd-fb-link" href={item.link.href} onClick={(event) => event.stopPropagation()} onDoubleClick={(event) => event.stopPropagation()}>
        {item.link.label}
      </a>
    ) : null}
  </>
);

/**
 * The folder's items as a list or a grid, virtualised: only the rows in view (and a few around them) are
 * in the page, so a folder of 10,000 files scrolls as smoothly as one of ten.
 */
export const ItemViews = (props: ItemViewProps) => {
  const { view, items, compact, touch, scroller, hasMore, onLoadMore, reveal } = props;
  const width = useWidth(scroller);
  const { gutter, tile } = gridMetrics(compact);
  const columns = view === 'grid' ? gridColumns(width, { compact, touch }) : 1;
  const rowCount = Math.ceil(items.length / columns);
  const rowHeight = view === 'grid' ? tile + 36 + gutter : compact ? LIST_ROW_PX + 8 : LIST_ROW_PX;
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    overscan: 6,
    initialRect: FALLBACK_RECT,
    // An area not laid out (hidden, or a test's DOM without layout) measures 0: a screenful is assumed instead of none.
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
  const { onColumns } = props;
  useEffect(() => onColumns(columns), [columns, onColumns]);
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  useEffect(() => {
    if (reveal) virtualizer.scrollToIndex(Math.floor(reveal.index / columns), { align: 'auto' });
  }, [reveal, columns, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? 0;
  const asked = useRef(0);
  useEffect(() => {
    if (!hasMore || !onLoadMore || lastRow < rowCount - LOAD_MORE_THRESHOLD_ROWS / columns) return;
    // Once per length of the list: the next page is asked for once, not on every scrolled pixel.
    if (asked.current === items.length) return;
    asked.current = items.length;
    onLoadMore();
  }, [lastRow, rowCount, hasMore, onLoadMore, items.length, columns]);

  const tileProps = (item: BrowserItem, index: number) => ({
    item,
    selected: props.isSelected(item.id),
    focused: index === props.focus,
    dropState: props.dropStateOf(item.id),
    checkbox: touch,
    onClick: props.onClick,
    onDoubleClick: props.onDoubleClick,
    onContextMenu: props.onContextMenu,
    onToggle: props.onToggle,
    registerPickUp: props.registerPickUp,
  });
  const icon = (item: BrowserItem, size: number) => (
    // A PDF's first page is drawn for the grid's tiles only: a list row's icon is too small to show it.
    <ItemIcon item={item} size={size} renderPdfThumbnail={view === 'grid' ? props.renderPdfThumbnail : undefined} onThumbnailError={props.onThumbnailError} />
  );

  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
      {rows.map((row) => {
        // Placed by `top`, not a transform: dnd-kit measures drop targets without their transforms.
        const style = { position: 'absolute' as const, top: row.start, left: 0, width: '100%', height: row.size };
        if (view === 'list') {
          const item = items[row.index]!;
          return (
            <ItemTile key={item.id} {...tileProps(item, row.index)} className="herd-fb-row" style={style}>
              {icon(item, compact ? 32 : 28)}
              <span className="herd-fb-name">
                <span className="herd-fb-name-line">
                  <span className="herd-fb-name-text">{item.name}</span>
                  <Meta item={item} />
                </span>
                {compact ? <span className="herd-fb-sub">{[formatModified(item.modifiedAt), formatSize(item.size)].filter(Boolean).join(' · ')}</span> : null}
              </span>
              {compact ? null : <span className="herd-fb-col">{formatModified(item.modifiedAt)}</span>}
              {compact ? null : <span className="herd-fb-col size">{formatSize(item.size)}</span>}
            </ItemTile>
          );
        }
        const start = row.index * columns;
        return (
          <div key={row.key} style={{ ...style, display: 'flex', gap: gutter, paddingBottom: gutter }}>
            {items.slice(start, start + columns).map((item, offset) => (
              <ItemTile key={item.id} {...tileProps(item, start + offset)} className="herd-fb-tile" style={{ width: tile, flex: `0 0 ${tile}px` }}>
                {icon(item, tile - 40)}
                <span className="herd-fb-tile-name">{item.name}</span>
                {item.badge ? <span className="herd-fb-badge">{item.badge}</span> : null}
              </ItemTile>
            ))}
          </div>
        );
      })}
    </div>
  );
};
