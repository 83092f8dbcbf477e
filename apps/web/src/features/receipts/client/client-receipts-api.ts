import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptEndpoints as e, type ReceiptChange } from '@herd/contract';
import { call } from '../../../lib/api-client';
import { upload } from '../../../lib/upload';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { followReceiptWork, noteReceiptWork } from './follow-receipt-work';

/** The client's three receipt lists, as the server splits them. */
export type ClientReceiptList = 'active' | 'completed' | 'hidden';

const LIST_ENDPOINTS = { active: e.clientActive, completed: e.clientCompleted, hidden: e.clientHidden } as const;

export const CLIENT_RECEIPTS_PAGE_SIZE = 25;

export const clientReceiptKeys = {
  all: ['client-receipts'] as const,
  company: (companyPk: number) => [...clientReceiptKeys.all, companyPk] as const,
  list: (companyPk: number, list: ClientReceiptList, page: number) => [...clientReceiptKeys.company(companyPk), 'list', list, page] as const,
  counters: (companyPk: number) => [...clientReceiptKeys.company(companyPk), 'counters'] as const,
  address: () => [...clientReceiptKeys.all, 'address'] as const,
};

export const useClientReceipts = (companyPk: number, list: ClientReceiptList, page: number) =>
  useQuery({
    queryKey: clientReceiptKeys.list(companyPk, list, page),
    queryFn: () => call(LIST_ENDPOINTS[list], { params: { pk: companyPk }, query: { page, page_size: CLIENT_RECEIPTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    // A receipt not read yet is still being worked on (and is matched right after).
    refetchInterval: followReceiptWork(companyPk, (page: { results: { read_state: string }[] }) => page.results.some((r) => r.read_state === 'PENDING')),
  });

export const useClientReceiptCounters = (companyPk: number) =>
  useQuery({
    queryKey: clientReceiptKeys.counters(companyPk),
    queryFn: () => call(e.clientCounters, { params: { pk: companyPk } }),
    // "Completed (n)" grows when a receipt is matched, which follows its reading.
    refetchInterval: followReceiptWork(companyPk, (counters: { unread: number }) => counters.unread > 0),
  });

/** Every list and counter of the company: a change moves receipts between lists. */
const useRefreshCompany = (companyPk: number) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: clientReceiptKeys.company(companyPk) });
};

/** After an upload or an edit: the server reads or matches next, so the lists follow it for a while. */
const useRefreshFollowingWork = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return () => {
    noteReceiptWork(companyPk);
    return refresh();
  };
};

/** One upload of several files: the server takes all of them or none (one bad file refuses the whole upload). */
export const useUploadReceipts = (companyPk: number) => {
  const refresh = useRefreshFollowingWork(companyPk);
  return useSubmitMutation({
    // `key`: the capture's own Idempotency-Key, the same each time it is sent (capture-queue.ts).
    mutationFn: ({ files, note, key }: { files: readonly File[]; note?: string; key?: string }) => {
      const form = new FormData();
      form.append('client_company', String(companyPk));
      if (note?.trim()) form.append('note', note.trim());
      for (const file of files) form.append('file', file, file.name);
      return upload(e.create, {}, form, { idempotencyKey: key });
    },
    onSuccess: refresh,
  });
};

export const useUpdateClientReceipt = (companyPk: number) => {
  const refresh = useRefreshFollowingWork(companyPk);
  return useSubmitMutation({
    mutationFn: (change: ReceiptChange) => call(e.clientUpdate, { params: { pk: companyPk }, body: { receipts: [change] } }),
    onSuccess: refresh,
  });
};

export const useHideClientReceipts = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return useSubmitMutation({ mutationFn: (pks: number[]) => call(e.clientHide, { params: { pk: companyPk }, body: { pks } }), onSuccess: refresh });
};

export const useUnhideClientReceipts = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return useSubmitMutation({ mutationFn: (pks: number[]) => call(e.clientUnhide, { params: { pk: companyPk }, body: { pks } }), onSuccess: refresh });
};

/** The signed-in client's personal receipts addresses (staff get 403, so only the client's settings ask). */
export const useReceiptAddresses = () => useQuery({ queryKey: clientReceiptKeys.address(), queryFn: () => call(e.address, {}) });
