import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientCompany, LedgerSyncInfo, SyncRequestResult } from '@herd/contract';
import { api } from '../../lib/api-client';
import { leaveAppFor } from '../../lib/navigation';
import { clientKeys } from '../clients/api';

/** QuickBooks Online endpoints (relative to /api/v1/). */
export const qboPaths = {
  connect: 'quickbooks/oauth2/',
  reauth: 'quickbooks/reauth/',
  signup: 'quickbooks/oauth2/signup/',
  profile: 'quickbooks/profile/',
  syncClient: 'quickbooks/sync-client/',
} as const;

/** Query parameters the server's redirect back from Intuit carries. */
export const qboReturnParams = { connected: 'qbo_connected', error: 'qbo_error' } as const;

export interface QboProfile extends LedgerSyncInfo {
  client_company: number;
  connection_state: ClientCompany['connection_state'];
  connected_at: string;
}

export const qboKeys = {
  all: ['quickbooks'] as const,
  profile: (companyPk: number) => [...qboKeys.all, 'profile', companyPk] as const,
};

/** Asks the server where Intuit's consent page is, then sends the browser there (it comes back to the clients page). */
const goToIntuit = async (path: string, params?: Record<string, number>): Promise<string> => {
  const { url } = await api.get<{ url: string }>(path, params);
  leaveAppFor(url);
  return url;
};

/** Connect QuickBooks: a new client company from the QuickBooks company, or `companyPk` switching to it. */
export const useConnectQuickBooks = () =>
  useMutation({ mutationFn: (companyPk?: number) => goToIntuit(qboPaths.connect, companyPk ? { client_company: companyPk } : undefined) });

/** Connect again a company whose QuickBooks sign-in was refused (NEEDS_REAUTH). */
export const useReconnectQuickBooks = () => useMutation({ mutationFn: (companyPk: number) => goToIntuit(qboPaths.reauth, { client_company: companyPk }) });

/** "Sign up with Intuit" (signed out): a new firm from the QuickBooks company. */
export const useIntuitSignup = () => useMutation({ mutationFn: () => goToIntuit(qboPaths.signup) });

export const useQboProfile = (companyPk: number, enabled = true) =>
  useQuery({
    queryKey: qboKeys.profile(companyPk),
    queryFn: () => api.get<QboProfile>(qboPaths.profile, { client_company: companyPk }),
    enabled,
  });

/** Pull what changed in QuickBooks now; the company's sync state then says QUEUED, then RUNNING. */
export const useSyncClient = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (companyPk: number) => api.post<SyncRequestResult>(qboPaths.syncClient, { client_company: companyPk }),
    onSuccess: (_result, companyPk) =>
      Promise.all([client.invalidateQueries({ queryKey: clientKeys.all }), client.invalidateQueries({ queryKey: qboKeys.profile(companyPk) })]),
  });
};
