import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentListQuery, DocumentOrdering, SmartFolder } from '@herd/contract/documents';
import { documentEndpoints } from '@herd/contract/endpoints/documents';
import { API_PREFIX } from '@herd/contract/paths';
import { call } from '../../lib/api-client';
import { buildPath } from '../../lib/path-builder';
import { upload } from '../../lib/upload';

/** Whose screens: the firm's tab on a client, or the client's own page. */
export type DocumentsSide = 'accountant' | 'client';

/** Where the browser is: a folder of the company's (null at the top level) or a smart folder, with the search and order applied. */
export interface DocumentsPlace {
  folder: number | null;
  smart: SmartFolder | null;
  search: string;
  ordering: DocumentOrdering;
}

/** Rows per page: a screenful many times over, so scrolling a long folder asks rarely. */
export const DOCUMENTS_PAGE_SIZE = 200;

export const documentKeys = {
  company: (side: DocumentsSide, companyPk: number) => ['documents', side, companyPk] as const,
  list: (side: DocumentsSide, companyPk: number, place: DocumentsPlace) => [...documentKeys.company(side, companyPk), 'list', place] as const,
  folders: (side: DocumentsSide, companyPk: number) => [...documentKeys.company(side, companyPk), 'folders'] as const,
};

const endpointsOf = (side: DocumentsSide) => documentEndpoints[side];

/** A folder's items, page after page as the list scrolls. */
export const useDocumentList = (side: DocumentsSide, companyPk: number, place: DocumentsPlace) =>
  useInfiniteQuery({
    queryKey: documentKeys.list(side, companyPk, place),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const query: Partial<DocumentListQuery> = { page: pageParam, page_size: DOCUMENTS_PAGE_SIZE, ordering: place.ordering };
      if (place.folder !== null) query.folder = place.folder;
      if (place.smart !== null) query.smart = place.smart;
      if (place.search) query.search = place.search;
      return call(endpointsOf(side).list, { params: { pk: companyPk }, query: query as DocumentListQuery });
    },
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const useFolderChoices = (side: DocumentsSide, companyPk: number, enabled: boolean) =>
  useQuery({ queryKey: documentKeys.folders(side, companyPk), queryFn: () => call(endpointsOf(side).folders, { params: { pk: companyPk } }), enabled });

/** The company's documents changed: every listing and the folder choices are read again. */
export const useRefreshDocuments = (side: DocumentsSide, companyPk: number) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentKeys.company(side, companyPk) });
};

/** Every change the browser makes, each refreshing the company's listings once it is done. */
export const useDocumentChanges = (side: DocumentsSide, companyPk: number) => {
  const refresh = useRefreshDocuments(side, companyPk);
  const e = endpointsOf(side);
  const params = { pk: companyPk };
  const options = { onSettled: refresh };
  return {
    createFolder: useMutation({
      mutationFn: (body: { name: string; parent: number | null; accountant_only?: boolean }) => call(e.createFolder, { params, body }),
      ...options,
    }),
    update: useMutation({
      mutationFn: ({ pk, ...body }: { pk: number; name?: string; accountant_only?: boolean }) => call(e.update, { params: { pk: companyPk, documentPk: pk }, body }),
      ...options,
    }),
    move: useMutation({ mutationFn: (body: { pks: number[]; parent: number | null }) => call(e.move, { params, body }), ...options }),
    remove: useMutation({ mutationFn: (pks: number[]) => call(e.delete, { params, body: { pks } }), ...options }),
    restore: useMutation({ mutationFn: (deletion: string) => call(e.restore, { params, body: { deletion } }), ...options }),
  };
};

/**
 * One batch of an upload (at most `DOCUMENT_UPLOAD_MAX_FILES` files) into a folder, named by `key`: the
 * same batch sent again with its key is answered as the first time instead of being kept twice.
 */
export const uploadDocumentBatch = (side: DocumentsSide, companyPk: number, batch: { files: File[]; folder: number | null; key: string }) => {
  const form = new FormData();
  if (batch.folder !== null) form.append('folder', String(batch.folder));
  for (const file of batch.files) form.append('file', file, file.name);
  return upload(endpointsOf(side).upload, { params: { pk: companyPk } }, form, { idempotencyKey: batch.key });
};

/** The address of a zip of some items, for the browser to download (streamed by the server as it is built). */
export const zipUrl = (side: DocumentsSide, companyPk: number, pks: number[]) =>
  `${API_PREFIX}/${buildPath(endpointsOf(side).zip.path, { pk: companyPk })}?pks=${pks.join(',')}`;
