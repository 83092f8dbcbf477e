import { GRID_GUTTER_COMPACT_PX, GRID_GUTTER_PX, GRID_TILE_COMPACT_PX, GRID_TILE_PX, SCROLLBAR_ALLOWANCE_PX } from './constants';

/** How the grid fits its area: compact (phones) has narrower tiles and gutters. */
export const gridMetrics = (compact: boolean) => ({
  gutter: compact ? GRID_GUTTER_COMPACT_PX : GRID_GUTTER_PX,
  tile: compact ? GRID_TILE_COMPACT_PX : GRID_TILE_PX,
});

/**
 * The tiles a row of the grid holds in an area this wide. Room is kept for a scroll bar, except on phones
 * and touch screens, whose scroll bars are drawn over the content and take no width.
 */
export const gridColumns = (width: number, { compact, touch }: { compact: boolean; touch: boolean }) => {
  const { gutter, tile } = gridMetrics(compact);
  const usable = width - (compact || touch ? 0 : SCROLLBAR_ALLOWANCE_PX);
  return Math.max(1, Math.floor((usable + gutter) / (tile + gutter)));
};
