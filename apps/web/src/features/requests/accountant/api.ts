import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  communicationEndpoints as e,
  fileEndpoints,
  noteEndpoints as n,
  recurringEndpoints as r,
  type CommunicationCreateBody,
  type CommunicationListQuery,
  type RecurringScheduleCreateBody,
  type RecurringScheduleUpdateBody,
} from '@herd/contract';
import { call } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { upload } from '../../../lib/upload';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { transactionKeys } from '../../transactions/api';
import { noteDraftBody, type NoteDraft } from '../../../ui/note-draft';

/** The accountant's three lists of one company's requests. */
export type RequestListKind = 'active' | 'completed' | 'hidden';
export type RequestListParams = Pick<CommunicationListQuery, 'page' | 'page_size'> & Partial<Pick<CommunicationListQuery, 'search' | 'ordering' | 'kind'>>;

export const requestKeys = {
  all: ['requests', 'accountant'] as const,
  company: (companyPk: number) => [...requestKeys.all, companyPk] as const,
  counters: (companyPk: number) => [...requestKeys.company(companyPk), 'counters'] as const,
  list: (companyPk: number, kind: RequestListKind, params: RequestListParams) => [...requestKeys.company(companyPk), kind, params] as const,
  schedules: (companyPk: number) => [...requestKeys.company(companyPk), 'schedules'] as const,
  upcoming: (companyPk: number) => [...requestKeys.company(companyPk), 'upcoming'] as const,
  notes: (pk: number) => ['request-notes', pk] as const,
};

const LIST = { active: e.accountantActive, completed: e.accountantCompleted, hidden: e.accountantHidden } as const;

export const useRequestCounters = (companyPk: number) =>
  useQuery({ queryKey: requestKeys.counters(companyPk), queryFn: () => call(e.accountantCounters, { params: { pk: companyPk } }) });

export const useRequestList = (companyPk: number, kind: RequestListKind, params: RequestListParams) =>
  useQuery({
    queryKey: requestKeys.list(companyPk, kind, params),
    queryFn: () => call(LIST[kind], { params: { pk: companyPk }, query: { ...params, search: params.search || undefined } as CommunicationListQuery }),
    placeholderData: keepPreviousData,
  });

/** A change moves requests between lists and the open-work counts the dashboards read: refresh them all. */
const useInvalidateRequests = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: requestKeys.all }), client.invalidateQueries({ queryKey: transactionKeys.companyCounts() })]);
};

/** What the accountant does to requests; each is one call for all the pks given. */
export type RequestMove =
  { action: 'accept' | 'reopen' | 'cancel' | 'hide' | 'unhide' | 'clear_error'; pks: number[] } | { action: 'back'; pks: number[]; message?: string };

export const useRequestMove = (companyPk: number) => {
  const invalidate = useInvalidateRequests();
  return useSubmitMutation({
    mutationFn: async (move: RequestMove): Promise<unknown> => {
      const params = { pk: companyPk };
      const { pks } = move;
      switch (move.action) {
        case 'accept':
        case 'reopen':
        case 'cancel':
          return call(e.accountantUpdate, { params, body: { communications: pks.map((pk) => ({ pk, action: move.action as 'accept' | 'reopen' | 'cancel' })) } });
        case 'hide':
          return call(e.accountantHide, { params, body: { pks } });
        case 'unhide':
          return call(e.accountantUnhide, { params, body: { pks } });
        case 'clear_error':
          return call(e.accountantClearErrors, { params, body: { pks } });
        case 'back':
          return call(e.accountantBack, { params, body: { pks, message: move.message || undefined } });
      }
    },
    onSettled: invalidate,
  });
};

/** A sent request's subject, text or due date. */
export const useEditRequest = (companyPk: number) => {
  const invalidate = useInvalidateRequests();
  return useSubmitMutation({
    mutationFn: (change: { pk: number; subject?: string; text?: string; due_date?: string | null }) =>
      call(e.accountantUpdate, { params: { pk: companyPk }, body: { communications: [change] } }),
    onSuccess: invalidate,
  });
};

/** The whole TIN of a W-9; each call is written to the audit log, so it is asked only on a click and never cached. */
export const revealTin = (communicationPk: number) => call(e.revealTin, { params: { pk: communicationPk } });

/** A file to share, uploaded to the company before the request names it. */
export const uploadRequestFile = (companyPk: number, file: File) => {
  const form = new FormData();
  form.append('client_company', String(companyPk));
  form.append('file', file);
  return upload(fileEndpoints.create, {}, form);
};

export const useCreateRequest = () => {
  const invalidate = useInvalidateRequests();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: CommunicationCreateBody) => call(e.create, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: async () => {
      submission.done();
      await invalidate();
    },
  });
};

/** A schedule whose first date is today comes back with that request already created: reading the lists again shows it. */
export const useCreateSchedule = () => {
  const invalidate = useInvalidateRequests();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: RecurringScheduleCreateBody) => call(r.create, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: async () => {
      submission.done();
      await invalidate();
    },
  });
};

export const SCHEDULES_PAGE_SIZE = 20;

export const useSchedules = (companyPk: number, page: number) =>
  useQuery({
    queryKey: [...requestKeys.schedules(companyPk), page],
    queryFn: () => call(r.list, { params: { pk: companyPk }, query: { page, page_size: SCHEDULES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useUpcoming = (companyPk: number) =>
  useQuery({ queryKey: requestKeys.upcoming(companyPk), queryFn: () => call(r.recurringList, { params: { pk: companyPk } }) });

export const useUpdateSchedule = () => {
  const invalidate = useInvalidateRequests();
  return useSubmitMutation({
    mutationFn: ({ pk, body }: { pk: number; body: RecurringScheduleUpdateBody }) => call(r.update, { params: { pk }, body }),
    onSuccess: invalidate,
  });
};

export const useDeleteSchedule = () => {
  const invalidate = useInvalidateRequests();
  return useSubmitMutation({ mutationFn: (pk: number) => call(r.delete, { params: { pk } }), onSuccess: invalidate });
};

export const useRequestNotes = (pk: number) => useQuery({ queryKey: requestKeys.notes(pk), queryFn: () => call(n.communicationList, { params: { pk } }) });

export const useCreateRequestNote = (pk: number) => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (draft: NoteDraft) => call(n.communicationCreate, { params: { pk }, body: noteDraftBody(draft) }, { idempotencyKey: submission.for({ pk, ...draft }) }),
    onSuccess: async () => {
      submission.done();
      // The lists show how many notes each request has.
      await Promise.all([client.invalidateQueries({ queryKey: requestKeys.notes(pk) }), client.invalidateQueries({ queryKey: requestKeys.all })]);
    },
  });
};

export const useUpdateRequestNote = (pk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ notePk, body }: { notePk: number; body: string }) => call(n.communicationUpdate, { params: { messagePk: notePk }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.notes(pk) }),
  });
};
