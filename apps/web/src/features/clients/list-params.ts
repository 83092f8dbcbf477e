import { clientCompanyListQuery, DEFAULT_PAGE_SIZE, listQuery } from '@herd/contract';
import { parsedBy, yesNo, type ListParamsSchema } from '../../lib/list-params';
import type { ClientListParams } from './api';

/** The clients list as the address holds it: everything the list endpoint filters by. */
export const CLIENT_LIST_DEFAULTS: ClientListParams = {
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
  ordering: 'name',
  search: '',
  connection_kind: undefined,
  connection_state: undefined,
  has_client_users: undefined,
};

const query = clientCompanyListQuery.shape;

/** Read by the endpoint's own schema, so a tampered parameter falls back to its default rather than reaching the server. */
export const CLIENT_LIST_PARAMS: ListParamsSchema<ClientListParams> = {
  page: parsedBy(query.page),
  page_size: parsedBy(query.page_size),
  ordering: parsedBy(query.ordering),
  search: parsedBy(query.search),
  connection_kind: parsedBy(query.connection_kind),
  connection_state: parsedBy(query.connection_state),
  has_client_users: yesNo,
};

/** The client users card on a client's settings page pages on its own, under `users_`-prefixed parameters. */
export interface ClientUsersPaging {
  page: number;
  page_size: number;
}

export const CLIENT_USERS_DEFAULTS: ClientUsersPaging = { page: 1, page_size: DEFAULT_PAGE_SIZE };

export const CLIENT_USERS_PARAMS: ListParamsSchema<ClientUsersPaging> = {
  page: parsedBy(listQuery.shape.page),
  page_size: parsedBy(listQuery.shape.page_size),
};

export const CLIENT_USERS_PREFIX = 'users_';
