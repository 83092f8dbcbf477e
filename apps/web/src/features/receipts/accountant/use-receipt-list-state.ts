import { useState } from 'react';
import type { ReceiptSource } from '@herd/contract';
import type { ReceiptListParams } from './api';

export const RECEIPTS_PAGE_SIZE = 25;

/** A receipt list's page, search and filters; a new search or filter starts again at page 1, and the selection is dropped. */
export const useReceiptListState = () => {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<ReceiptSource | undefined>();
  const [duplicates, setDuplicates] = useState<'true' | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const params: ReceiptListParams = { page, page_size: RECEIPTS_PAGE_SIZE, search, source, duplicates };
  const refilter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected([]);
    };
  return {
    params,
    selected,
    setSelected,
    setPage: (next: number) => {
      setPage(next);
      setSelected([]);
    },
    setSearch: refilter(setSearch),
    setSource: refilter(setSource),
    setDuplicates: refilter(setDuplicates),
  };
};
