import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noteEndpoints as n } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { noteDraftBody, type NoteDraft } from '../../ui/note-draft';
import { clientSideKeys } from '../client-side/api';

/** A client company's own thread, shared with its client; its pinned note tops the client's page. */
export const companyNoteKeys = {
  thread: (companyPk: number) => ['company-notes', companyPk] as const,
};

export const useCompanyNotes = (companyPk: number) =>
  useQuery({ queryKey: companyNoteKeys.thread(companyPk), queryFn: () => call(n.clientCompanyList, { params: { pk: companyPk } }) });

export const useCreateCompanyNote = (companyPk: number) => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (draft: NoteDraft) =>
      call(n.clientCompanyCreate, { params: { pk: companyPk }, body: noteDraftBody(draft) }, { idempotencyKey: submission.for({ companyPk, ...draft }) }),
    onSuccess: async () => {
      submission.done();
      await client.invalidateQueries({ queryKey: companyNoteKeys.thread(companyPk) });
    },
  });
};

/** Edits show on the client's page too when the note is the pinned one. */
const useRefresh = (companyPk: number) => {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: companyNoteKeys.thread(companyPk) }), client.invalidateQueries({ queryKey: clientSideKeys.company(companyPk) })]);
};

export const useUpdateCompanyNote = (companyPk: number) => {
  const refresh = useRefresh(companyPk);
  return useSubmitMutation({
    mutationFn: ({ notePk, body }: { notePk: number; body: string }) => call(n.clientCompanyUpdate, { params: { messagePk: notePk }, body: { body } }),
    onSuccess: refresh,
  });
};

/** Pins a note to the top of the client's page (taking down the one pinned before), or takes it off. */
export const usePinCompanyNote = (companyPk: number) => {
  const refresh = useRefresh(companyPk);
  return useSubmitMutation({
    mutationFn: ({ notePk, pin }: { notePk: number; pin: boolean }) => call(pin ? n.clientCompanyPin : n.clientCompanyUnpin, { params: { messagePk: notePk } }),
    onSuccess: refresh,
  });
};
