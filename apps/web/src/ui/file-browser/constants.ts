import { SEARCH_DEBOUNCE_MS } from '@herd/contract/constants';

/** The file browser's figures, as the requirements give them. */
export { SEARCH_DEBOUNCE_MS };
export const SEARCH_WIDTH_PX = 150;
/** A folder a drag hovers this long opens, so the drop can go deeper. */
export const DRAG_HOVER_OPEN_MS = 1500;
/**
 * A drag held within this share of the list's or the window's height of its top or bottom edge scrolls
 * it; only there. dnd-kit's own fifth scrolled the page under a pointer held still over a folder in the
 * lower part of a laptop's window, so another folder slid under it before the hover could open it.
 */
export const DRAG_SCROLL_EDGE = 0.05;
export const MENU_TRANSITION_MS = 150;
export const GRID_GUTTER_PX = 8;
export const GRID_GUTTER_COMPACT_PX = 5;
/** Room kept for a scroll bar when fitting grid columns; phones draw theirs over the content. */
export const SCROLLBAR_ALLOWANCE_PX = 18;
/** A second click within this long makes a double click (open) rather than a selection. */
export const CLICK_TIMER_MS = 250;
export const LIST_ROW_PX = 48;
export const GRID_TILE_PX = 128;
export const GRID_TILE_COMPACT_PX = 104;
/** How close to the end of what is loaded the next page is asked for, in rows. */
export const LOAD_MORE_THRESHOLD_ROWS = 20;

const items = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;

/** '0 items', '1 item', '12 items', then ', 2 selected' and ', 3 hidden' when there are any. */
export const countText = (total: number, selected: number, hidden: number) =>
  [items(total), selected > 0 ? `${selected.toLocaleString('en-US')} selected` : '', hidden > 0 ? `${hidden.toLocaleString('en-US')} hidden` : '']
    .filter(Boolean)
    .join(', ');
