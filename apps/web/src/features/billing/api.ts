import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_INFO_STALE_MS, billingEndpoints, type BillingInfo } from '@herd/contract';
import { call } from '../../lib/api-client';
import { leaveAppFor } from '../../lib/navigation';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

export const billingKeys = {
  all: ['billing'] as const,
  info: () => [...billingKeys.all, 'info'] as const,
};

/**
 * The firm's billing. Read by the signed-in layout on every screen, so it is
 * asked for once and kept: no retry (a failure only means no banner), stale
 * after 30 minutes, not re-read when the window regains focus. A change made
 * here, or a return from Checkout, refreshes it explicitly.
 */
export const useBillingInfo = () =>
  useQuery({
    queryKey: billingKeys.info(),
    queryFn: () => call(billingEndpoints.info, {}),
    retry: false,
    staleTime: BILLING_INFO_STALE_MS,
    refetchOnWindowFocus: false,
  });

/** Sends the browser to the Checkout page the server opened; with no page (nothing to pay) the info is re-read instead. */
const useRedirectMutation = (run: () => Promise<{ url: string | null }>) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: run,
    onSuccess: async ({ url }) => {
      if (url) leaveAppFor(url);
      else await client.invalidateQueries({ queryKey: billingKeys.info() });
    },
  });
};

/** Pay for a subscription (a trial or an expired trial): Checkout in subscription mode. */
export const useStartCheckout = () => useRedirectMutation(() => call(billingEndpoints.session, {}));

/** Give a new card: Checkout in setup mode. */
export const useChangeCard = () => useRedirectMutation(() => call(billingEndpoints.attachPaymentMethod, {}));

/** Undo a pending cancellation (no page), or replace an ended subscription through Checkout. */
export const useRestartSubscription = () => useRedirectMutation(() => call(billingEndpoints.restart, {}));

/** Cancel at the end of the paid period; the answer is the new billing info. */
export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => call(billingEndpoints.cancel, {}),
    onSuccess: (info: BillingInfo) => client.setQueryData(billingKeys.info(), info),
  });
};
