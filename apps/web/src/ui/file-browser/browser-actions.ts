import type { BrowserItem } from './types';

export type ActionKey = 'open' | 'download' | 'zip' | 'rename' | 'move' | 'delete' | 'new-folder' | 'upload' | 'select-all';

export interface BrowserAction {
  key: ActionKey;
  label: string;
  disabled?: boolean;
  danger?: boolean;
}

/** What may be done with the selected items: one file downloads, anything zips, one changeable item renames, changeable items move and delete. */
export const selectionActions = (selected: BrowserItem[], canWrite: boolean): BrowserAction[] => {
  const one = selected.length === 1 ? selected[0]! : null;
  const changeable = selected.length > 0 && selected.every((item) => !item.readOnly);
  return [
    { key: 'open', label: 'Open', disabled: !one },
    { key: 'download', label: 'Download', disabled: !one || one.kind !== 'file' },
    { key: 'zip', label: 'Download as zip', disabled: selected.length === 0 },
    { key: 'rename', label: 'Rename', disabled: !one || !changeable },
    { key: 'move', label: 'Move to…', disabled: !changeable || !canWrite },
    { key: 'delete', label: 'Delete', disabled: !changeable, danger: true },
  ];
};

/** What the empty part of the folder offers. */
export const areaActions = (canWrite: boolean, hasItems: boolean): BrowserAction[] => [
  { key: 'upload', label: 'Upload files', disabled: !canWrite },
  { key: 'new-folder', label: 'New folder', disabled: !canWrite },
  { key: 'select-all', label: 'Select all', disabled: !hasItems },
];
