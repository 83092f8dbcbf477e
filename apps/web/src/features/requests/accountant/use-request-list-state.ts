import { useEffect, useState } from 'react';
import { COMMUNICATION_KINDS, COMMUNICATION_ORDERINGS, communicationListQuery, type CommunicationKind } from '@herd/contract';
import { oneOf, parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { useListParams } from '../../../lib/use-list-params';
import type { RequestListParams } from './api';

export const REQUESTS_PAGE_SIZE = 25;

interface RequestListState {
  page: number;
  search: string;
  ordering: (typeof COMMUNICATION_ORDERINGS)[number];
  kind: CommunicationKind | '';
}
const DEFAULTS: RequestListState = { page: 1, search: '', ordering: '-created_at', kind: '' };
const SCHEMA: ListParamsSchema<RequestListState> = {
  page: parsedBy(communicationListQuery.shape.page),
  search: (raw) => raw.slice(0, 200),
  ordering: oneOf(COMMUNICATION_ORDERINGS),
  kind: oneOf(COMMUNICATION_KINDS),
};

/** A request list's page, search, kind and order, kept in the address; the selection is dropped when any of them changes. */
export const useRequestListState = () => {
  const [state, update] = useListParams(SCHEMA, DEFAULTS);
  const [selected, setSelected] = useState<number[]>([]);
  const { page, search, ordering, kind } = state;
  useEffect(() => setSelected([]), [page, search, ordering, kind]);
  const params: RequestListParams = { page, page_size: REQUESTS_PAGE_SIZE, search: search || undefined, ordering, kind: kind || undefined };
  return {
    params,
    state,
    selected,
    setSelected,
    setPage: (next: number) => update({ page: next }),
    setSearch: (next: string) => update({ search: next }, { replace: true }),
    setKind: (next: CommunicationKind | '') => update({ kind: next }),
    setOrdering: (next: RequestListState['ordering']) => update({ ordering: next }),
  };
};
