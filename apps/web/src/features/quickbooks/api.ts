import { useQuery, useQueryClient } from '@tanstack/react-query';
import { quickbooksEndpoints, quickbooksEndpoints as e, type ResponseOf } from '@herd/contract';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { leaveAppFor } from '../../lib/navigation';
import { clientKeys } from '../clients/api';

/** Query parameters the server's redirect back from Intuit carries. */
export const qboReturnParams = { connected: 'qbo_connected', error: 'qbo_error' } as const;

export type QboProfile = ResponseOf<typeof e.profile>;

export const qboKeys = {
  all: ['quickbooks'] as const,
  profile: (companyPk: number) => [...qboKeys.all, 'profile', companyPk] as const,
};

/** Sends the browser to Intuit's consent page, which the server named (it comes back to the clients page). */
const goToIntuit = async (answer: Promise<{ url: string }>): Promise<string> => {
  const { url } = await answer;
  leaveAppFor(url);
  return url;
};

/** Connect QuickBooks: a new client company from the QuickBooks company, or `companyPk` switching to it. */
export const useConnectQuickBooks = () =>
  useSubmitMutation({
    mutationFn: (companyPk?: number) => goToIntuit(call(quickbooksEndpoints.connect, { query: companyPk ? { client_company: companyPk } : undefined })),
  });

/** Connect again a company whose QuickBooks sign-in was refused (NEEDS_REAUTH). */
export const useReconnectQuickBooks = () =>
  useSubmitMutation({ mutationFn: (companyPk: number) => goToIntuit(call(e.reauth, { query: { client_company: companyPk } })) });

/** "Sign up with Intuit" (signed out): a new firm from the QuickBooks company. */
export const useIntuitSignup = () => useSubmitMutation({ mutationFn: () => goToIntuit(call(e.signup, {})) });

export const useQboProfile = (companyPk: number, enabled = true) =>
  useQuery({
    queryKey: qboKeys.profile(companyPk),
    queryFn: () => call(e.profile, { query: { client_company: companyPk } }),
    enabled,
  });

/** Pull what changed in QuickBooks now; the company's sync state then says QUEUED, then RUNNING. */
export const useSyncClient = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (companyPk: number) => call(e.syncClient, { body: { client_company: companyPk } }),
    onSuccess: (_result, companyPk) =>
      Promise.all([client.invalidateQueries({ queryKey: clientKeys.all }), client.invalidateQueries({ queryKey: qboKeys.profile(companyPk) })]),
  });
};
