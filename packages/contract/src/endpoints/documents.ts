import { endpoint, pkParams } from '../endpoint.js';
import { idParam } from '../ids.js';
import {
  documentDeleted,
  documentDownloadQuery,
  documentFolderBody,
  documentFolderChoices,
  documentItem,
  documentList,
  documentListQuery,
  documentMoveBody,
  documentPksBody,
  documentRestoreBody,
  documentResults,
  documentTrashList,
  documentTrashQuery,
  documentTrashRestoreBody,
  documentUpdateBody,
  documentUploadResults,
  documentZipQuery,
} from '../documents.js';
import { binaryAnswer } from './files.js';

const documentParams = pkParams.extend({ documentPk: idParam });

/** One side's documents routes under its prefix: the same rules, seen from the firm's or the client's side. */
const documentsOf = (prefix: string, tag: string) => {
  const tags = [tag];
  return {
    list: endpoint({
      method: 'GET',
      path: `${prefix}/list/`,
      tags,
      summary: 'A folder’s files and folders (the top level without `folder` or `smart`), with search, ordering and paging',
      params: pkParams,
      query: documentListQuery,
      responses: { 200: documentList },
    }),
    folders: endpoint({
      method: 'GET',
      path: `${prefix}/folders/`,
      tags,
      summary: 'Every folder this person may put things in, with its path (for “Move to…”)',
      params: pkParams,
      responses: { 200: documentFolderChoices },
    }),
    createFolder: endpoint({
      method: 'POST',
      path: `${prefix}/folders/create/`,
      tags,
      summary: 'Create a folder',
      params: pkParams,
      body: documentFolderBody,
      responses: { 201: documentItem },
    }),
    upload: endpoint({
      method: 'POST',
      path: `${prefix}/upload/`,
      tags,
      summary:
        'Upload files (multipart `file`, repeated, at most 20; optional `folder`); a name already taken becomes “name (2)”; a file refused (type, size, name, storage quota) is listed in `refused` and the others are kept',
      params: pkParams,
      // A batch sent again after its answer was lost is answered as the first time, so nothing is stored twice.
      idempotent: true,
      responses: { 201: documentUploadResults },
    }),
    update: endpoint({
      method: 'PATCH',
      path: `${prefix}/{documentPk}/update/`,
      tags,
      summary: 'Rename a file or folder, or set whether a folder is the firm’s only',
      params: documentParams,
      body: documentUpdateBody,
      responses: { 200: documentItem },
    }),
    move: endpoint({
      method: 'POST',
      path: `${prefix}/move/`,
      tags,
      summary: 'Move files and folders into a folder',
      params: pkParams,
      body: documentMoveBody,
      responses: { 200: documentResults },
    }),
    delete: endpoint({
      method: 'POST',
      path: `${prefix}/delete/`,
      tags,
      summary: 'Delete files and folders (kept in the trash, restorable with the answer’s `deletion`)',
      params: pkParams,
      body: documentPksBody,
      responses: { 200: documentDeleted },
    }),
    restore: endpoint({
      method: 'POST',
      path: `${prefix}/restore/`,
      tags,
      summary: 'Restore what one delete removed',
      params: pkParams,
      body: documentRestoreBody,
      responses: { 200: documentResults },
    }),
    download: endpoint({
      method: 'GET',
      path: `${prefix}/{documentPk}/download/`,
      tags,
      summary: 'A file’s bytes (`?inline=1` to show an image or PDF in place)',
      params: documentParams,
      query: documentDownloadQuery,
      responses: { 200: binaryAnswer },
    }),
    zip: endpoint({
      method: 'GET',
      path: `${prefix}/zip/`,
      tags,
      summary: 'A zip of the selected files and folders (?pks=1,2,3), folders with what they hold, streamed',
      params: pkParams,
      query: documentZipQuery,
      responses: { 200: binaryAnswer },
    }),
  };
};

/** Documents of one client company: the firm's side and the client's. */
export const documentEndpoints = {
  accountant: documentsOf('accounting/accountant/client-company/{pk}/documents', 'documents (accountant)'),
  client: documentsOf('accounting/client/company/{pk}/documents', 'documents (client)'),
};
export type DocumentEndpoints = (typeof documentEndpoints)['accountant'];

/** The firm's view of a company's trash: what anyone deleted there, who and when, to put back (docs/documents.md, "Trash and undo"). */
const trashPrefix = 'accounting/accountant/client-company/{pk}/documents/trash';
export const documentTrashEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${trashPrefix}/`,
    tags: ['documents (accountant)'],
    summary: 'What the company’s trash holds, newest first, with who deleted each item and when',
    params: pkParams,
    query: documentTrashQuery,
    responses: { 200: documentTrashList },
  }),
  restore: endpoint({
    method: 'POST',
    path: `${trashPrefix}/restore/`,
    tags: ['documents (accountant)'],
    summary: 'Put items of the trash back, each with what it held',
    params: pkParams,
    body: documentTrashRestoreBody,
    responses: { 200: documentResults },
  }),
};
