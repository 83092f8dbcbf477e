import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noteEndpoints } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

/** A receipt's note thread, the same on both sides (the server decides who sees which receipt). */
const notesKey = (receiptPk: number) => ['receipts', 'notes', receiptPk] as const;

export const useReceiptNotes = (receiptPk: number) =>
  useQuery({ queryKey: notesKey(receiptPk), queryFn: () => call(noteEndpoints.receiptList, { params: { pk: receiptPk } }) });

/** Writes in the thread; the lists refresh too, for their note counts. */
export const useCreateReceiptNote = (receiptPk: number) => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: string) =>
      call(noteEndpoints.receiptCreate, { params: { pk: receiptPk }, body: { body } }, { idempotencyKey: submission.for({ receiptPk, body }) }),
    onSuccess: async () => {
      submission.done();
      await Promise.all([client.invalidateQueries({ queryKey: notesKey(receiptPk) }), client.invalidateQueries({ queryKey: ['receipts'] })]);
    },
  });
};
