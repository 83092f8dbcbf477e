import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { FileBrowser } from './file-browser';
import type { BrowserItem, FileBrowserProps } from './types';

/** A folder of `n` files after `folders` folders, as a parent would hand them in. */
export const itemsOf = (folders: number, files: number): BrowserItem[] => [
  ...Array.from({ length: folders }, (_, i) => ({ id: `d:${i + 1}`, kind: 'folder' as const, name: `Folder ${i + 1}` })),
  ...Array.from({ length: files }, (_, i) => ({
    id: `d:${folders + i + 1}`,
    kind: 'file' as const,
    name: `file-${i + 1}.pdf`,
    size: 2048,
    contentType: 'application/pdf',
  })),
];

/** The widget with every callback a spy, over a folder two levels down. */
export const renderBrowser = (overrides: Partial<FileBrowserProps> = {}) => {
  const props: FileBrowserProps = {
    path: [
      { id: null, name: 'Documents' },
      { id: 'd:100', name: '2026' },
    ],
    items: itemsOf(2, 3),
    totalCount: 5,
    hiddenCount: 0,
    canWrite: true,
    search: '',
    onSearchChange: vi.fn(),
    sort: { field: 'name', direction: 'asc' },
    onSortChange: vi.fn(),
    onOpenFolder: vi.fn(),
    onOpenFile: vi.fn(),
    onUpload: vi.fn(),
    onCreateFolder: vi.fn(),
    onRename: vi.fn(),
    onMove: vi.fn(),
    onDelete: vi.fn(),
    onDownload: vi.fn(),
    onDownloadZip: vi.fn(),
    ...overrides,
  };
  const view = render(<FileBrowser {...props} />);
  return { props, ...view, rerenderWith: (more: Partial<FileBrowserProps>) => view.rerender(<FileBrowser {...props} {...more} />) };
};

/** The item area (the listbox) and one item of it by name. */
export const area = () => document.querySelector<HTMLElement>('[role="listbox"]')!;
export const itemNamed = (name: string) => [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((el) => el.textContent?.includes(name))!;
