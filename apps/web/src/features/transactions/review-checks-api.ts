import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clientCompanyEndpoints as e } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { clientKeys } from '../clients/api';
import { transactionKeys } from './api';

export type FindingState = 'open' | 'dismissed' | 'asked';

export const reviewKeys = {
  all: (pk: number) => ['review-checks', pk] as const,
  list: (pk: number, state: FindingState) => [...reviewKeys.all(pk), state] as const,
};

/** While a run the accountant asked for is on its way, the list is asked again every few seconds. */
const WAITING_POLL_MS = 3000;

export const useReviewFindings = (pk: number, state: FindingState, waitingSince: string | null) =>
  useQuery({
    queryKey: reviewKeys.list(pk, state),
    queryFn: () => call(e.reviewChecks, { params: { pk }, query: { state } }),
    refetchInterval: (query) => (waitingSince !== null && (query.state.data?.checked_at ?? '') <= waitingSince ? WAITING_POLL_MS : false),
  });

const useInvalidateReview = (pk: number) => {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: reviewKeys.all(pk) });
    // The clients list counts the open findings; an asked one moved a transaction back to the client.
    await client.invalidateQueries({ queryKey: clientKeys.all });
    await client.invalidateQueries({ queryKey: transactionKeys.all });
  };
};

export const useRunReviewChecks = (pk: number) => useSubmitMutation({ mutationFn: () => call(e.reviewChecksRun, { params: { pk } }) });

export const useDismissFinding = (pk: number) => {
  const invalidate = useInvalidateReview(pk);
  return useSubmitMutation({ mutationFn: (finding: number) => call(e.reviewFindingDismiss, { params: { pk, finding } }), onSuccess: invalidate });
};

export const useAskAboutFinding = (pk: number) => {
  const invalidate = useInvalidateReview(pk);
  return useSubmitMutation({ mutationFn: (finding: number) => call(e.reviewFindingAsk, { params: { pk, finding } }), onSuccess: invalidate });
};
