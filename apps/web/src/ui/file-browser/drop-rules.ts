/** A place a drag may end: a folder (null for the top level) and the folders above it, top first. */
export interface DropTarget {
  folderId: string | null;
  /** The ids of the folders above the target, top level (null) first. */
  ancestors: (string | null)[];
}

/**
 * Why a drop of these items on this target is refused, or null when it may go there. Refused: onto one
 * of the dragged items; into a folder inside a dragged folder (the dragged items' chain); into the folder
 * the items are already in.
 */
export const dropRefusal = (draggedIds: string[], target: DropTarget, currentFolderId: string | null): string | null => {
  if (target.folderId !== null && draggedIds.includes(target.folderId)) return 'An item cannot be dropped on itself.';
  if (target.ancestors.some((id) => id !== null && draggedIds.includes(id))) return 'A folder cannot go into one of its own folders.';
  if (target.folderId === currentFolderId) return 'The items are already in this folder.';
  return null;
};
