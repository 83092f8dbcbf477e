import type { ClientCompany, Paginated } from '@herd/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { clientListQuery, useClientList, useClientsByPk, type ClientListParams } from '../clients/api';
import { useCompanyTransactionCounts, type CompanyTransactionCount } from '../transactions/api';

/** Rows listed per group; the rest are counted, with a link to the full list. */
export const SHOWN = 6;

/** One group of the attention list: the first rows and how many there are in all. */
export interface AttentionGroup<T> {
  rows: T[];
  total: number;
}

export interface OpenWork extends CompanyTransactionCount {
  company: ClientCompany;
}

export interface Attention {
  /** Every client the user can see (only the count is read). */
  clients: number;
  connection: AttentionGroup<ClientCompany>;
  noUsers: AttentionGroup<ClientCompany>;
  review: AttentionGroup<OpenWork>;
  totals: { waiting_for_client: number; to_review: number; sync_errors: number; open_receipts: number };
}

const first = (params: Partial<ClientListParams>, pageSize = SHOWN): ClientListParams => ({ page: 1, page_size: pageSize, ordering: 'name', ...params });

/** What waits on the accountant: sync errors first, then the most answers to review, then the most receipts to match. */
const byUrgency = (a: CompanyTransactionCount, b: CompanyTransactionCount) =>
  b.sync_errors - a.sync_errors || b.to_review - a.to_review || b.open_receipts - a.open_receipts || a.client_company - b.client_company;

const NONE = { rows: [], total: 0 };
const EMPTY: Attention = {
  clients: 0,
  connection: NONE,
  noUsers: NONE,
  review: NONE,
  totals: { waiting_for_client: 0, to_review: 0, sync_errors: 0, open_receipts: 0 },
};

/**
 * The dashboard's "needs attention", asked of the server exactly: the first
 * few clients of each problem with their counts (the clients list filters by
 * connection state and by having client users), and open work per client.
 */
export const useAttention = () => {
  const all = useClientList(first({}, 1));
  // A firm without clients sees the welcome, so nothing more is asked.
  const some = (all.data?.count ?? 0) > 0;
  const reauth = useQuery({ ...clientListQuery(first({ connection_state: 'NEEDS_REAUTH' })), enabled: some });
  const disconnected = useQuery({ ...clientListQuery(first({ connection_state: 'DISCONNECTED' })), enabled: some });
  const noUsers = useQuery({ ...clientListQuery(first({ has_client_users: false })), enabled: some });
  const counts = useCompanyTransactionCounts(some);
  const waiting = (counts.data ?? []).filter((c) => c.to_review > 0 || c.sync_errors > 0 || c.open_receipts > 0).sort(byUrgency);
  const named = useClientsByPk(waiting.slice(0, SHOWN).map((c) => c.client_company));

  const lists: UseQueryResult<Paginated<ClientCompany>>[] = [all, reauth, disconnected, noUsers];
  const queries: UseQueryResult<unknown>[] = [...lists, counts];
  const error = queries.find((q) => q.isError)?.error ?? null;
  const retry = () => queries.filter((q) => q.isError).forEach((q) => void q.refetch());
  // A client that vanished between the two answers (removed, unassigned) is left out rather than failing the page.
  const namesPending = named.some((q) => q.isPending && q.fetchStatus !== 'idle');

  if (all.data?.count === 0) return { data: EMPTY, error: null, retry };
  if (!all.data || !reauth.data || !disconnected.data || !noUsers.data || !counts.data || namesPending) {
    return { data: null, error, retry };
  }
  const review = waiting.slice(0, SHOWN).flatMap((work, i) => {
    const company = named[i]?.data;
    return company ? [{ ...work, company }] : [];
  });
  const sum = (key: keyof Attention['totals']) => counts.data.reduce((total, c) => total + c[key], 0);
  const data: Attention = {
    clients: all.data.count,
    connection: {
      rows: [...reauth.data.results, ...disconnected.data.results].slice(0, SHOWN),
      total: reauth.data.count + disconnected.data.count,
    },
    noUsers: { rows: noUsers.data.results, total: noUsers.data.count },
    review: { rows: review, total: waiting.length },
    totals: {
      waiting_for_client: sum('waiting_for_client'),
      to_review: sum('to_review'),
      sync_errors: sum('sync_errors'),
      open_receipts: sum('open_receipts'),
    },
  };
  return { data, error, retry };
};
