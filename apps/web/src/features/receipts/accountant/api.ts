import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, receiptEndpoints as e, type ReceiptChange, type ReceiptListQuery } from '@herd/contract';
import { call } from '../../../lib/api-client';
import { buildPath } from '../../../lib/path-builder';
import { upload } from '../../../lib/upload';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { transactionKeys } from '../../transactions/api';

/** The accountant's three lists of one company's receipts. */
export type ReceiptListKind = 'active' | 'completed' | 'hidden';
/** The list's query as the screens set it; the server fills in the rest. */
export type ReceiptListParams = Pick<ReceiptListQuery, 'page' | 'page_size'> & Partial<Pick<ReceiptListQuery, 'search' | 'ordering' | 'source' | 'duplicates'>>;

export const receiptKeys = {
  all: ['receipts', 'accountant'] as const,
  company: (companyPk: number) => [...receiptKeys.all, companyPk] as const,
  counters: (companyPk: number) => [...receiptKeys.company(companyPk), 'counters'] as const,
  choices: (companyPk: number) => [...receiptKeys.company(companyPk), 'choices'] as const,
  list: (companyPk: number, kind: ReceiptListKind, params: ReceiptListParams) => [...receiptKeys.company(companyPk), kind, params] as const,
  inbox: (params: ReceiptListParams) => [...receiptKeys.all, 'inbox', params] as const,
};

const LIST = { active: e.accountantActive, completed: e.accountantCompleted, hidden: e.accountantHidden } as const;
const withoutEmpty = (params: ReceiptListParams) => ({ ...params, search: params.search || undefined });

export const useReceiptCounters = (companyPk: number) =>
  useQuery({ queryKey: receiptKeys.counters(companyPk), queryFn: () => call(e.accountantCounters, { params: { pk: companyPk } }) });

/** The companies a receipt can move to (and the filters' options). */
export const useReceiptChoices = (companyPk: number) =>
  useQuery({ queryKey: receiptKeys.choices(companyPk), queryFn: () => call(e.accountantChoices, { params: { pk: companyPk } }) });

export const useReceiptList = (companyPk: number, kind: ReceiptListKind, params: ReceiptListParams) =>
  useQuery(
    queryOptions({
      queryKey: receiptKeys.list(companyPk, kind, params),
      queryFn: () => call(LIST[kind], { params: { pk: companyPk }, query: withoutEmpty(params) as ReceiptListQuery }),
      placeholderData: keepPreviousData,
    }),
  );

export const useReceiptInbox = (params: ReceiptListParams) =>
  useQuery({
    queryKey: receiptKeys.inbox(params),
    queryFn: () => call(e.inbox, { query: withoutEmpty(params) as ReceiptListQuery }),
    placeholderData: keepPreviousData,
  });

/** Any change can move receipts between lists, companies and the open-work counts: refresh them all. */
const useInvalidateReceipts = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: receiptKeys.all }), client.invalidateQueries({ queryKey: transactionKeys.companyCounts() })]);
};

/** Edits of one company's receipts: fields, note, done, or a move to another company. */
export const useUpdateReceipts = (companyPk: number) => {
  const invalidate = useInvalidateReceipts();
  return useSubmitMutation({
    mutationFn: (receipts: ReceiptChange[]) => call(e.accountantUpdate, { params: { pk: companyPk }, body: { receipts } }),
    onSuccess: invalidate,
  });
};

/** Edits of the firm's inbox receipts, giving them to a company among them. */
export const useUpdateInboxReceipts = () => {
  const invalidate = useInvalidateReceipts();
  return useSubmitMutation({
    mutationFn: (receipts: ReceiptChange[]) => call(e.inboxUpdate, { body: { receipts } }),
    onSuccess: invalidate,
  });
};

export type ReceiptAction = 'hide' | 'unhide' | 'back';
const ACTIONS = { hide: e.accountantHide, unhide: e.accountantUnhide, back: e.accountantBack } as const;

export const useReceiptAction = (companyPk: number) => {
  const invalidate = useInvalidateReceipts();
  return useSubmitMutation({
    mutationFn: ({ action, pks, message }: { action: ReceiptAction; pks: number[]; message?: string }) =>
      action === 'back'
        ? call(e.accountantBack, { params: { pk: companyPk }, body: { pks, message: message || undefined } })
        : call(ACTIONS[action], { params: { pk: companyPk }, body: { pks } }),
    onSettled: invalidate,
  });
};

/** One upload of several files: to a company, or (no company) to the firm's inbox. */
export const useUploadReceipts = () => {
  const invalidate = useInvalidateReceipts();
  return useSubmitMutation({
    mutationFn: ({ companyPk, files, note }: { companyPk: number | null; files: File[]; note?: string }) => {
      const form = new FormData();
      if (companyPk !== null) form.append('client_company', String(companyPk));
      if (note) form.append('note', note);
      for (const file of files) form.append('file', file);
      return upload(e.create, {}, form);
    },
    onSuccess: invalidate,
  });
};

/** A plain link, so the browser downloads the streamed zip with the session cookie. */
export const receiptsZipUrl = (companyPk: number, kind: 'active' | 'completed'): string =>
  `${API_PREFIX}/${buildPath((kind === 'active' ? e.accountantZip : e.accountantCompletedZip).path, { pk: companyPk })}`;
