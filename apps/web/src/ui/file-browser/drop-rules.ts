import type { BrowserCrumb } from './types';

/**
 * A place a drag may end: a folder row or tile of the listing, a crumb of the path, or the open folder's
 * own area (where a drag lands after a hover opened another folder). `folderId` null is the top level.
 */
export interface DropTarget {
  kind: 'folder' | 'crumb' | 'area';
  folderId: string | null;
}

/**
 * The folders from the top level down to the target, the target last. The widget knows only the open
 * path: a crumb's chain is the path down to it, a listed folder's is the open path plus itself.
 */
export const targetChain = (target: DropTarget, currentPath: BrowserCrumb[]): (string | null)[] => {
  const path = currentPath.map((crumb) => crumb.id);
  if (target.kind === 'folder') return [...path, target.folderId];
  if (target.kind === 'area') return path;
  const at = path.indexOf(target.folderId);
  return at >= 0 ? path.slice(0, at + 1) : [target.folderId];
};

/**
 * Why dropping these items on this target is refused, or null when it may go there. Refused: onto one of
 * the dragged items; into a folder whose chain holds a dragged folder (its own subfolder); into the
 * folder the items are in already. `sourceFolderId` is that folder, the open one unless a hover-open has
 * since moved the browser on.
 */
export const dropRefusal = (
  draggedIds: string[],
  target: DropTarget,
  currentPath: BrowserCrumb[],
  sourceFolderId: string | null = currentPath.at(-1)?.id ?? null,
): string | null => {
  if (target.folderId !== null && draggedIds.includes(target.folderId)) return 'An item cannot be dropped on itself.';
  if (targetChain(target, currentPath).some((id) => id !== null && draggedIds.includes(id))) return 'A folder cannot go into one of its own folders.';
  if (target.folderId === sourceFolderId) return 'The items are already in this folder.';
  return null;
};
