import { useSearchParams } from 'react-router';
import { DOCUMENT_ORDERINGS, SMART_FOLDERS, type DocumentOrdering, type SmartFolder } from '@herd/contract/documents';
import type { BrowserSort } from '../../ui/file-browser/types';
import { parseClientPk } from '../../lib/routes';
import type { DocumentsPlace } from './api';

const SORT_FIELDS = { name: 'name', modified: 'updated_at', size: 'size' } as const;

export const orderingOf = (sort: BrowserSort): DocumentOrdering => `${sort.direction === 'desc' ? '-' : ''}${SORT_FIELDS[sort.field]}` as DocumentOrdering;
export const sortOf = (ordering: DocumentOrdering): BrowserSort => {
  const field = ordering.replace('-', '');
  return { field: field === 'updated_at' ? 'modified' : (field as 'name' | 'size'), direction: ordering.startsWith('-') ? 'desc' : 'asc' };
};

/**
 * Where the browser stands lives in the address (`?folder=`, `?smart=`, `?q=`, `?sort=`), so a link, a
 * notification or the back button opens the same folder.
 */
export const useDocumentsPlace = () => {
  const [params, setParams] = useSearchParams();
  const smartParam = params.get('smart');
  const orderingParam = params.get('sort');
  const place: DocumentsPlace = {
    folder: parseClientPk(params.get('folder') ?? undefined),
    smart: SMART_FOLDERS.includes(smartParam as SmartFolder) ? (smartParam as SmartFolder) : null,
    search: params.get('q') ?? '',
    ordering: DOCUMENT_ORDERINGS.includes(orderingParam as DocumentOrdering) ? (orderingParam as DocumentOrdering) : 'name',
  };
  const write = (next: Partial<DocumentsPlace>) => {
    const merged = { ...place, ...next };
    const out = new URLSearchParams();
    if (merged.folder !== null) out.set('folder', String(merged.folder));
    if (merged.smart !== null) out.set('smart', merged.smart);
    if (merged.search) out.set('q', merged.search);
    if (merged.ordering !== 'name') out.set('sort', merged.ordering);
    setParams(out);
  };
  /** Opening a folder starts it with no search. */
  const open = (folder: number | null, smart: SmartFolder | null = null) => write({ folder, smart, search: '' });
  return { place, write, open };
};
