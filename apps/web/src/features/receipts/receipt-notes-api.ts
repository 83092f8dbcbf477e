import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noteEndpoints as n } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { noteDraftBody, type NoteDraft } from '../../ui/note-draft';

/** A receipt's note thread, the same on both sides (the server decides who sees it). */
export const receiptNoteKeys = {
  thread: (receiptPk: number) => ['receipt-notes', receiptPk] as const,
};

export const useReceiptNotes = (receiptPk: number) =>
  useQuery({ queryKey: receiptNoteKeys.thread(receiptPk), queryFn: () => call(n.receiptList, { params: { pk: receiptPk } }) });

export const useCreateReceiptNote = (receiptPk: number, onWritten?: () => Promise<unknown>) => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (draft: NoteDraft) =>
      call(n.receiptCreate, { params: { pk: receiptPk }, body: noteDraftBody(draft) }, { idempotencyKey: submission.for({ receiptPk, ...draft }) }),
    onSuccess: async () => {
      submission.done();
      // The lists show how many notes each receipt has.
      await Promise.all([client.invalidateQueries({ queryKey: receiptNoteKeys.thread(receiptPk) }), client.invalidateQueries({ queryKey: ['receipts'] })]);
      await onWritten?.();
    },
  });
};

export const useUpdateReceiptNote = (receiptPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ notePk, body }: { notePk: number; body: string }) => call(n.receiptUpdate, { params: { messagePk: notePk }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: receiptNoteKeys.thread(receiptPk) }),
  });
};
