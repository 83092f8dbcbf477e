import { useEffect, useState } from 'react';
import { RECEIPT_ORDERINGS, RECEIPT_SOURCES, receiptListQuery, type ReceiptSource } from '@herd/contract';
import { oneOf, parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { useListParams } from '../../../lib/use-list-params';
import type { ReceiptListParams } from './api';

export const RECEIPTS_PAGE_SIZE = 25;

export type ReceiptOrdering = (typeof RECEIPT_ORDERINGS)[number];

interface ReceiptListState {
  page: number;
  search: string;
  ordering: ReceiptOrdering;
  source: ReceiptSource | '';
  duplicates: 'true' | '';
}
const DEFAULTS: ReceiptListState = { page: 1, search: '', ordering: '-created_at', source: '', duplicates: '' };
const SCHEMA: ListParamsSchema<ReceiptListState> = {
  page: parsedBy(receiptListQuery.shape.page),
  search: (raw) => raw.slice(0, 200),
  ordering: oneOf(RECEIPT_ORDERINGS),
  source: oneOf(RECEIPT_SOURCES),
  // Only "possible duplicates" is a filter: "not duplicates" is no view anyone asked for.
  duplicates: oneOf(['true'] as const),
};

/**
 * A receipt list's page, search, order and filters, kept in the address so Back, a reload or a
 * shared link return to the same view; a new search, order or filter starts again at page 1.
 * The selection is dropped whenever any of them changes. `withDuplicates` is false on the lists
 * that offer no duplicates filter.
 */
export const useReceiptListState = ({ withDuplicates = true }: { withDuplicates?: boolean } = {}) => {
  const [state, update] = useListParams(SCHEMA, DEFAULTS);
  const [selected, setSelected] = useState<number[]>([]);
  const { page, search, ordering, source, duplicates } = state;
  useEffect(() => setSelected([]), [page, search, ordering, source, duplicates]);
  const params: ReceiptListParams = {
    page,
    page_size: RECEIPTS_PAGE_SIZE,
    search: search || undefined,
    ordering,
    source: source || undefined,
    // Only the active list offers the filter: elsewhere a `duplicates` in the address would filter unseen.
    duplicates: withDuplicates && duplicates ? duplicates : undefined,
  };
  return {
    params,
    selected,
    setSelected,
    setPage: (next: number) => update({ page: next }),
    setSearch: (next: string) => update({ search: next }, { replace: true }),
    setOrdering: (next: ReceiptOrdering) => update({ ordering: next }),
    setSource: (next: ReceiptSource | undefined) => update({ source: next ?? '' }),
    setDuplicates: (next: 'true' | undefined) => update({ duplicates: next ?? '' }),
  };
};
