import type { Direction } from '@herd/contract';

/** The accountant table's filters; the query key holds them whole, so equal filters share a cache entry. */
export interface TransactionFilters {
  page: number;
  page_size: number;
  ordering: 'date' | '-date' | 'amount' | '-amount';
  search: string;
  date_from: string;
  date_to: string;
  amount_min: string;
  amount_max: string;
  type: string;
  direction: Direction | '';
  payment_account: number | null;
  status: string;
  markers: string[];
}

export const DEFAULT_FILTERS: TransactionFilters = {
  page: 1,
  page_size: 25,
  ordering: '-date',
  search: '',
  date_from: '',
  date_to: '',
  amount_min: '',
  amount_max: '',
  type: '',
  direction: '',
  payment_account: null,
  status: '',
  markers: [],
};
