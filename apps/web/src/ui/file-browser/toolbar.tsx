import { AppstoreOutlined, CameraOutlined, DownOutlined, FolderAddOutlined, SortAscendingOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Segmented } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { ActionKey, BrowserAction } from './browser-actions';
import { SearchField } from './search-field';
import type { BrowserSort, BrowserView } from './types';

const SORTS: { key: string; label: string; sort: BrowserSort }[] = [
  { key: 'name-asc', label: 'Name, A to Z', sort: { field: 'name', direction: 'asc' } },
  { key: 'name-desc', label: 'Name, Z to A', sort: { field: 'name', direction: 'desc' } },
  { key: 'modified-desc', label: 'Newest first', sort: { field: 'modified', direction: 'desc' } },
  { key: 'modified-asc', label: 'Oldest first', sort: { field: 'modified', direction: 'asc' } },
  { key: 'size-desc', label: 'Largest first', sort: { field: 'size', direction: 'desc' } },
  { key: 'size-asc', label: 'Smallest first', sort: { field: 'size', direction: 'asc' } },
];

interface ToolbarProps {
  canWrite: boolean;
  /** Touch screens offer the camera beside the file picker. */
  camera: boolean;
  selectionActions: BrowserAction[];
  selectedCount: number;
  onAction: (key: ActionKey) => void;
  onFiles: (files: File[]) => void;
  search: string;
  onSearchChange: (text: string) => void;
  sort: BrowserSort;
  onSortChange: (sort: BrowserSort) => void;
  view: BrowserView;
  onViewChange: (view: BrowserView) => void;
  count: string;
  extra?: ReactNode;
}

/** Upload and New folder; what the selection allows in one dropdown; search, order, view and the count. */
export const Toolbar = (p: ToolbarProps) => {
  const files = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement | null) => {
    const chosen = [...(input?.files ?? [])];
    if (input) input.value = '';
    if (chosen.length > 0) p.onFiles(chosen);
  };
  const sortKey = `${p.sort.field}-${p.sort.direction}`;
  return (
    <div className="herd-fb-toolbar" role="toolbar" aria-label="File actions">
      <div className="herd-fb-tools">
        <Button type="primary" icon={<UploadOutlined />} disabled={!p.canWrite} onClick={() => files.current?.click()}>
          Upload
        </Button>
        <input ref={files} type="file" multiple hidden aria-label="Files to upload" data-testid="file-browser-upload" onChange={(event) => picked(event.target)} />
        {p.camera ? (
          <>
            <Button icon={<CameraOutlined />} disabled={!p.canWrite} onClick={() => photo.current?.click()}>
              Take photo
            </Button>
            <input ref={photo} type="file" accept="image/*" capture="environment" hidden aria-label="Photo to upload" onChange={(event) => picked(event.target)} />
          </>
        ) : null}
        <Button icon={<FolderAddOutlined />} disabled={!p.canWrite} onClick={() => p.onAction('new-folder')}>
          New folder
        </Button>
        <Dropdown
          trigger={['click']}
          disabled={p.selectedCount === 0}
          menu={{
            items: p.selectionActions.map((a) => ({ key: a.key, label: a.label, disabled: a.disabled, danger: a.danger })),
            onClick: ({ key }) => p.onAction(key as ActionKey),
          }}
        >
          <Button>
            Selection <DownOutlined />
          </Button>
        </Dropdown>
        {p.extra}
      </div>
      <div className="herd-fb-tools">
        <SearchField value={p.search} onChange={p.onSearchChange} />
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [sortKey],
            items: SORTS.map((s) => ({ key: s.key, label: s.label })),
            onClick: ({ key }) => p.onSortChange(SORTS.find((s) => s.key === key)!.sort),
          }}
        >
          <Button icon={<SortAscendingOutlined />} aria-label="Order" title="Order" />
        </Dropdown>
        <Segmented
          size="middle"
          value={p.view}
          onChange={(value) => p.onViewChange(value as BrowserView)}
          options={[
            { value: 'list', icon: <UnorderedListOutlined />, title: 'List' },
            { value: 'grid', icon: <AppstoreOutlined />, title: 'Grid' },
          ]}
        />
        <span className="herd-fb-count" aria-live="polite">
          {p.count}
        </span>
      </div>
    </div>
  );
};
