import { SMART_FOLDER_NAMES, SMART_FOLDERS, fileEndpoints, apiPath, type DocumentItem, type DocumentListQuery, type SmartFolder } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import type { DocumentScope } from './document-scope.service.js';
import { countSmartFolder, listSmartFolder, type SmartRow, type SmartViewer } from './smart-folder.queries.js';

const LINK_TYPES = { RECEIPTS: 'RECEIPT', REQUESTS: 'COMMUNICATION', TRANSACTIONS: 'TRANSACTION' } as const;

export const smartViewerOf = (scope: DocumentScope): SmartViewer => ({
  clientView: scope.clientView,
  client: scope.actsAsClient ? { userPk: scope.access.actor.userId, restrictions: scope.access.restrictions } : null,
});

/** A smart folder as an item of the top level: read-only, never accountant-only. */
export const smartFolderItem = (folder: SmartFolder, now: Date): DocumentItem => ({
  pk: null,
  kind: 'FOLDER',
  smart: folder,
  name: SMART_FOLDER_NAMES[folder],
  accountant_only: false,
  read_only: true,
  size: null,
  content_type: null,
  url: null,
  updated_at: now.toISOString(),
  added_by: null,
  link: null,
});

/** The smart folders whose name the search matches (all of them without a search). */
export const smartFoldersMatching = (search?: string) =>
  SMART_FOLDERS.filter((folder) => !search || SMART_FOLDER_NAMES[folder].toLowerCase().includes(search.toLowerCase()));

const toSmartItem = (folder: SmartFolder, row: SmartRow): DocumentItem => ({
  pk: row.filePk,
  kind: 'FILE',
  smart: folder,
  name: row.name,
  accountant_only: false,
  read_only: true,
  size: row.size,
  content_type: row.contentType,
  // The file's own address: the storage module's one rule decides who may read it.
  url: apiPath(fileEndpoints.retrieve.path.replace('{pk}', String(row.filePk))),
  updated_at: row.createdAt.toISOString(),
  added_by: row.addedBy,
  link: { type: LINK_TYPES[folder], pk: row.objectPk, label: row.label },
});

/** A page of one smart folder, with how many it holds with and without the search. */
export const readSmartFolder = async (db: Db, scope: DocumentScope, folder: SmartFolder, q: DocumentListQuery) => {
  const viewer = smartViewerOf(scope);
  const rows = await listSmartFolder(db, folder, scope.home, viewer, { search: q.search, ordering: q.ordering, limit: q.page_size, offset: (q.page - 1) * q.page_size });
  const count = await countSmartFolder(db, folder, scope.home, viewer, q.search);
  const total = q.search ? await countSmartFolder(db, folder, scope.home, viewer) : count;
  return { results: rows.map((row) => toSmartItem(folder, row)), count, total };
};
