import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  communicationEndpoints as e,
  fileEndpoints as f,
  noteEndpoints as n,
  recurringEndpoints as r,
  type CommunicationClientChange,
  type CommunicationCreateBody,
} from '@herd/contract';
import { call } from '../../../lib/api-client';
import { upload } from '../../../lib/upload';
import { useSubmissionKey } from '../../../lib/submission-key';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { transactionKeys } from '../../transactions/api';
import { noteDraftBody, type NoteDraft } from '../../../ui/note-draft';

/** The client's lists of requests, as the server splits them: open, completed, and the completed ones their side hid. */
export type ClientRequestList = 'active' | 'completed' | 'hidden';

export const CLIENT_REQUESTS_PAGE_SIZE = 25;

export const clientRequestKeys = {
  all: ['client-requests'] as const,
  company: (companyPk: number) => [...clientRequestKeys.all, companyPk] as const,
  list: (companyPk: number, list: ClientRequestList, page: number) => [...clientRequestKeys.company(companyPk), 'list', list, page] as const,
  counters: (companyPk: number) => [...clientRequestKeys.company(companyPk), 'counters'] as const,
  upcoming: (companyPk: number) => [...clientRequestKeys.company(companyPk), 'upcoming'] as const,
  notes: (communicationPk: number) => [...clientRequestKeys.all, 'notes', communicationPk] as const,
};

export const useClientRequests = (companyPk: number, list: ClientRequestList, page: number) =>
  useQuery({
    queryKey: clientRequestKeys.list(companyPk, list, page),
    // The most urgent first on the company page; the newest first among the finished ones.
    queryFn: () =>
      list === 'active'
        ? call(e.clientActive, { params: { pk: companyPk }, query: { page, page_size: CLIENT_REQUESTS_PAGE_SIZE, ordering: 'due_date' } })
        : call(e.clientCompleted, {
            params: { pk: companyPk },
            query: { page, page_size: CLIENT_REQUESTS_PAGE_SIZE, ordering: '-created_at', ...(list === 'hidden' ? { hidden: 'true' as const } : {}) },
          }),
    placeholderData: keepPreviousData,
  });

export const useClientRequestCounters = (companyPk: number) =>
  useQuery({ queryKey: clientRequestKeys.counters(companyPk), queryFn: () => call(e.clientCounters, { params: { pk: companyPk } }) });

/** The recurring requests still to come for the company, soonest first. */
export const useUpcomingRequests = (companyPk: number) =>
  useQuery({ queryKey: clientRequestKeys.upcoming(companyPk), queryFn: () => call(r.clientRecurringList, { params: { pk: companyPk } }) });

/**
 * Everything an answer changes: the company's lists and counters, and the company's own counters
 * (its card on the dashboard counts the requests waiting on the client).
 */
const useRefreshCompany = (companyPk: number) => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: clientRequestKeys.company(companyPk) }),
      client.invalidateQueries({ queryKey: transactionKeys.counters(companyPk, 'client') }),
    ]);
};

/** One communication's answer (items, an acknowledgement, a W-9). The server keeps partial answers of a checklist. */
export const useAnswerRequest = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return useSubmitMutation({
    mutationFn: (change: CommunicationClientChange) => call(e.clientUpdate, { params: { pk: companyPk }, body: { communications: [change] } }),
    onSuccess: refresh,
  });
};

/** Takes finished requests off the client's own list (`hidden`), or puts them back: the company's people share one list. */
export const useHideRequests = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return useSubmitMutation({
    mutationFn: ({ pks, hidden }: { pks: number[]; hidden: boolean }) => call(hidden ? e.clientHide : e.clientUnhide, { params: { pk: companyPk }, body: { pks } }),
    onSuccess: refresh,
  });
};

/** Takes back answers the accountant has not accepted yet: the request waits on the client again, answers kept. */
export const useTakeBackAnswers = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  return useSubmitMutation({
    mutationFn: (pks: number[]) => call(e.clientBack, { params: { pk: companyPk }, body: { pks } }),
    onSuccess: refresh,
  });
};

/** One file stored for the company, before a request's answer names it. The server reads its type from its bytes. */
export const useUploadRequestFile = (companyPk: number) =>
  useSubmitMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('client_company', String(companyPk));
      form.append('file', file, file.name);
      return upload(f.create, {}, form);
    },
  });

/** The client writes to the firm: a message (NOTICE) or files to share (REPORT). */
export const useAskAccountant = (companyPk: number) => {
  const refresh = useRefreshCompany(companyPk);
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: CommunicationCreateBody) => call(e.create, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: async () => {
      submission.done();
      await refresh();
    },
  });
};

export const useRequestNotes = (communicationPk: number) =>
  useQuery({ queryKey: clientRequestKeys.notes(communicationPk), queryFn: () => call(n.communicationList, { params: { pk: communicationPk } }) });

export const useCreateRequestNote = (companyPk: number, communicationPk: number) => {
  const client = useQueryClient();
  const refresh = useRefreshCompany(companyPk);
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (draft: NoteDraft) =>
      call(n.communicationCreate, { params: { pk: communicationPk }, body: noteDraftBody(draft) }, { idempotencyKey: submission.for({ communicationPk, ...draft }) }),
    onSuccess: async () => {
      submission.done();
      // The lists show how many notes each request has.
      await Promise.all([client.invalidateQueries({ queryKey: clientRequestKeys.notes(communicationPk) }), refresh()]);
    },
  });
};

export const useUpdateRequestNote = (communicationPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ notePk, body }: { notePk: number; body: string }) => call(n.communicationUpdate, { params: { messagePk: notePk }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientRequestKeys.notes(communicationPk) }),
  });
};
