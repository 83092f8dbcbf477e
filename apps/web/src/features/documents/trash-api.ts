import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentTrashEndpoints } from '@herd/contract/endpoints/documents';
import { call } from '../../lib/api-client';
import { documentKeys } from './api';

/** Rows per page of the trash view. */
export const TRASH_PAGE_SIZE = 20;

const trashKey = (companyPk: number, page: number) => [...documentKeys.company('accountant', companyPk), 'trash', page] as const;

/** One page of the company's trash, newest first (the firm's side only). */
export const useDocumentTrash = (companyPk: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: trashKey(companyPk, page),
    queryFn: () => call(documentTrashEndpoints.list, { params: { pk: companyPk }, query: { page, page_size: TRASH_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Puts items of the trash back; the listings and the trash are read again (they live under the company's key). */
export const useRestoreFromTrash = (companyPk: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pks: number[]) => call(documentTrashEndpoints.restore, { params: { pk: companyPk }, body: { pks } }),
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.company('accountant', companyPk) }),
  });
};
