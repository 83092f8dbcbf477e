import { TRANSACTION_STATUSES, TRANSACTION_TYPES, transactionListQuery, type Direction } from '@herd/contract';
import { checkedBy, oneOf, parsedBy, type ListParamsSchema } from '../../lib/list-params';

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
  /** The hidden list only: 'true' what the firm's rules keep from the client, 'false' what was hidden by hand, '' both. */
  kept: string;
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
  kept: '',
};

/** How many filters besides the search narrow the list: what a folded filter bar counts on its button. */
export const activeFilterCount = (filters: TransactionFilters): number =>
  [
    filters.date_from || filters.date_to,
    filters.amount_min,
    filters.amount_max,
    filters.type,
    filters.direction,
    filters.payment_account !== null,
    filters.status,
    filters.markers.length > 0,
  ].filter(Boolean).length;

const query = transactionListQuery.shape;

/**
 * How the filters read from the address: by the API's own rules, so a value
 * the address holds is one the server takes. The table picks one type and one
 * status, where the API would take several.
 */
export const FILTER_PARAMS: ListParamsSchema<TransactionFilters> = {
  page: parsedBy(query.page),
  page_size: parsedBy(query.page_size),
  ordering: parsedBy(query.ordering),
  search: parsedBy(query.search),
  date_from: checkedBy(query.date_from),
  date_to: checkedBy(query.date_to),
  amount_min: checkedBy(query.amount_min),
  amount_max: checkedBy(query.amount_max),
  type: oneOf(TRANSACTION_TYPES),
  direction: parsedBy(query.direction),
  payment_account: parsedBy(query.payment_account),
  status: oneOf(TRANSACTION_STATUSES),
  markers: parsedBy(query.markers),
  kept: oneOf(['true', 'false'] as const),
};
