import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { accountOption } from '@herd/contract';
import { api } from '../../lib/api-client';
import { buildPath } from '../../lib/path-builder';
import { transactionKeys } from '../transactions/api';

/** A ledger account as the selects list it. */
export type LedgerAccount = ReturnType<typeof accountOption.parse>;

const accountPaths = {
  watched: 'accounting/accountant/client-company/{pk}/herd-accounts/list/',
  watchedUpdate: 'accounting/accountant/client-company/{pk}/herd-accounts/update/',
  /** Every other account that could be a category (not watched, not a bank or card account). */
  others: 'accounting/accountant/client-company/{pk}/categories/list/',
} as const;

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
    queryFn: () => api.get<LedgerAccount[]>(buildPath(accountPaths.watched, { pk: companyPk }), { limit: MAX_OPTIONS, include_inactive: 'true' }),
  });

/** Accounts that could be watched instead, searched by the server. */
export const useOtherAccounts = (companyPk: number, search: string) =>
  useQuery({
    queryKey: accountKeys.others(companyPk, search),
    queryFn: () => api.get<LedgerAccount[]>(buildPath(accountPaths.others, { pk: companyPk }), { search: search || undefined, limit: 50 }),
    placeholderData: keepPreviousData,
  });

export const useUpdateWatchedAccounts = (companyPk: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (watched: number[]) => api.patch<null>(buildPath(accountPaths.watchedUpdate, { pk: companyPk }), { watched }),
    // Watching an account moves it out of the categories the client picks from: every account list of the company is stale.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: accountKeys.all(companyPk) }), client.invalidateQueries({ queryKey: transactionKeys.all })]),
  });
};
