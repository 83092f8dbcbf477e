import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { refEndpoints as e, type ResponseOf } from '@herd/contract';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { transactionKeys } from '../transactions/api';

/** A ledger account as the selects list it. */
export type LedgerAccount = ResponseOf<typeof e.accountantHerdAccounts>[number];

/** The server's largest page of options. */
const MAX_OPTIONS = 200;

export const accountKeys = {
  all: (companyPk: number) => ['clients', 'accounts', companyPk] as const,
  watched: (companyPk: number) => [...accountKeys.all(companyPk), 'watched'] as const,
  others: (companyPk: number, search: string) => [...accountKeys.all(companyPk), 'others', search] as const,
};

/** The accounts Herd watches: transactions landing in them are the ones Herd asks the client about. */
export const useWatchedAccounts = (companyPk: number) =>
  useQuery({
    queryKey: accountKeys.watched(companyPk),
    queryFn: () => call(e.accountantHerdAccounts, { params: { pk: companyPk }, query: { limit: MAX_OPTIONS, include_inactive: 'true' } }),
  });

/** Accounts that could be watched instead (every other account that could be a category), searched by the server. */
export const useOtherAccounts = (companyPk: number, search: string) =>
  useQuery({
    queryKey: accountKeys.others(companyPk, search),
    queryFn: () => call(e.accountantCategories, { params: { pk: companyPk }, query: { search: search || undefined, limit: 50 } }),
    placeholderData: keepPreviousData,
  });

export const useUpdateWatchedAccounts = (companyPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (watched: number[]) => call(e.herdAccountsUpdate, { params: { pk: companyPk }, body: { watched } }),
    // Watching an account moves it out of the categories the client picks from: every account list of the company is stale.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: accountKeys.all(companyPk) }), client.invalidateQueries({ queryKey: transactionKeys.all })]),
  });
};
