import { transactionListQuery } from '@herd/contract';
import { parsedBy, type ListParamsSchema } from '../../lib/list-params';

/** Where a pager stands over a list whose count may stop at the server's cap. */
export interface PagingState {
  /** Rows the server counted (at most its cap). */
  total: number;
  /** The count stopped at the cap: only the server knows whether another page follows. */
  capped: boolean;
  /** The server has a page after this one. */
  hasNext: boolean;
  page: number;
  pageSize: number;
}

/** The total a pager should page through: the count, or, past a capped count, one page more for as long as the server has one. */
export const pagingTotal = ({ total, capped, hasNext, page, pageSize }: PagingState) => (capped && hasNext ? Math.max(total, page * pageSize + 1) : total);

/** The same for a page as the server sends it. */
export const pagingOf = (list: { count: number; count_capped: boolean; next: string | null }, page: number, pageSize: number): PagingState => ({
  total: list.count,
  capped: list.count_capped,
  hasNext: list.next !== null,
  page,
  pageSize,
});

/** The client's lists keep only their page in the address (`?page=`), read by the API's own rule. */
export interface ClientListState {
  page: number;
}

export const CLIENT_LIST_DEFAULTS: ClientListState = { page: 1 };

export const CLIENT_LIST_PARAMS: ListParamsSchema<ClientListState> = { page: parsedBy(transactionListQuery.shape.page) };
