import type { ReactNode } from 'react';

/** One file or folder as the widget shows it; the parent maps its own objects to these. */
export interface BrowserItem {
  /** Unique within the listing, e.g. 'd:12'. */
  id: string;
  kind: 'folder' | 'file';
  name: string;
  /** Bytes, files only. */
  size?: number | null;
  contentType?: string | null;
  /** ISO date and time. */
  modifiedAt?: string | null;
  thumbnailUrl?: string | null;
  /** Cannot be renamed, moved, deleted or dragged. */
  readOnly?: boolean;
  /** A short label beside the name ("Accountant only"). */
  badge?: string | null;
  /** The object the file belongs to, opened from the row. */
  link?: { label: string; href: string } | null;
}

/** One folder of the path; `id` null is the top level. */
export interface BrowserCrumb {
  id: string | null;
  name: string;
}

export type BrowserSort = { field: 'name' | 'modified' | 'size'; direction: 'asc' | 'desc' };
export type BrowserView = 'list' | 'grid';

export interface FileBrowserProps {
  /** Top level first, the open folder last. */
  path: BrowserCrumb[];
  /** The open folder's loaded items, in display order (the parent sorts). */
  items: BrowserItem[];
  /** Items matching the search in this folder (may be more than are loaded). */
  totalCount: number;
  /** Items of this folder the search hides. */
  hiddenCount: number;
  loading?: boolean;
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** Whether files may be uploaded, folders created and items moved into the open folder. */
  canWrite: boolean;
  /** The search applied (the parent keeps it, e.g. in the address). */
  search: string;
  onSearchChange: (text: string) => void;
  sort: BrowserSort;
  onSortChange: (sort: BrowserSort) => void;
  view?: BrowserView;
  onViewChange?: (view: BrowserView) => void;
  /** Narrow gutters and no scroll-bar allowance: phones. */
  compact?: boolean;
  onOpenFolder: (folderId: string | null) => void;
  onOpenFile: (item: BrowserItem) => void;
  /** `folderId` is the open folder, or the folder the files were dropped on. */
  onUpload: (files: File[], folderId: string | null) => void;
  onCreateFolder: (name: string) => void | Promise<unknown>;
  onRename: (item: BrowserItem, name: string) => void | Promise<unknown>;
  onMove: (itemIds: string[], targetFolderId: string | null) => void | Promise<unknown>;
  /** The folders "Move to…" offers. */
  moveTargets?: BrowserCrumb[];
  /** The parent deletes and offers the undo. */
  onDelete: (items: BrowserItem[]) => void;
  onDownload: (item: BrowserItem) => void;
  onDownloadZip: (items: BrowserItem[]) => void;
  /** Draws a PDF's first page as an image URL; without it PDFs keep their icon. */
  renderPdfThumbnail?: (url: string) => Promise<string>;
  onThumbnailError?: (item: BrowserItem, error: unknown) => void;
  /** More controls for the toolbar (a switch the parent owns). */
  extraActions?: ReactNode;
  /** A panel the parent owns, shown under the toolbar: an upload's progress, say. */
  status?: ReactNode;
  emptyText?: string;
}
