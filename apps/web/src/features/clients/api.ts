import { keepPreviousData, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  clientCompanyEndpoints as e,
  clientUserEndpoints,
  MAX_PAGE_SIZE,
  type ClientCompanyCreateBody,
  type ClientCompanyOrdering,
  type ClientCompanyUpdateBody,
  type ClientUserInviteBody,
  type ConnectionKind,
  type ConnectionState,
  type ContactsUpdateBody,
  type ClientUserUpdateBody,
} from '@herd/contract';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { isSyncBusy, SYNC_POLL_MS } from '../../lib/ledger-sync';

export interface ClientListParams {
  page: number;
  page_size: number;
  ordering: ClientCompanyOrdering;
  search?: string;
  connection_kind?: ConnectionKind;
  connection_state?: ConnectionState;
  /** false: only clients with no client user yet (nobody gets the firm's questions). */
  has_client_users?: boolean;
}

export interface ClientUserListParams {
  page: number;
  page_size: number;
  search?: string;
}

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  detail: (pk: number) => [...clientKeys.all, 'detail', pk] as const,
  users: (companyPk: number, params: ClientUserListParams) => [...clientKeys.all, 'users', companyPk, params] as const,
  /** Under `all`: a saved setting or a person marked never to be texted changes it. */
  reminderLadder: (pk: number) => [...clientKeys.all, 'reminder-ladder', pk] as const,
};

/** The next reminder and the ladder after it (reminder-ladder-card.tsx). */
export const useReminderLadder = (pk: number) => useQuery({ queryKey: clientKeys.reminderLadder(pk), queryFn: () => call(e.reminderLadder, { params: { pk } }) });

/** Drops empty filters so the key and the query string stay the same for the same list. */
const listParams = (params: ClientListParams) => ({
  page: params.page,
  page_size: params.page_size,
  ordering: params.ordering,
  search: params.search || undefined,
  connection_kind: params.connection_kind,
  connection_state: params.connection_state,
  has_client_users: params.has_client_users === undefined ? undefined : params.has_client_users ? ('true' as const) : ('false' as const),
});

export const clientListQuery = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () => call(e.list, { query: listParams(params) }),
    // The table keeps showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** Refreshes every few seconds while a client on the page is syncing, so its state and counts follow. */
export const useClientList = (params: ClientListParams) =>
  useQuery({
    ...clientListQuery(params),
    refetchInterval: (query) => (query.state.data?.results.some((company) => isSyncBusy(company.ledger_sync)) ? SYNC_POLL_MS : false),
  });

export const clientQuery = (pk: number) =>
  queryOptions({
    queryKey: clientKeys.detail(pk),
    queryFn: () => call(e.retrieve, { params: { pk } }),
  });

/** One client; refreshed every few seconds while its ledger sync is queued or running. */
export const useClient = (pk: number | null) =>
  useQuery({
    ...clientQuery(pk ?? 0),
    enabled: pk !== null,
    refetchInterval: (query) => (isSyncBusy(query.state.data?.ledger_sync) ? SYNC_POLL_MS : false),
  });

/** Several clients by primary key (a handful: one request each, shared with every other screen's cache). */
export const useClientsByPk = (pks: readonly number[]) => useQueries({ queries: pks.map((pk) => clientQuery(pk)) });

/** The CSV of the list with the same filters; a plain link, so the browser downloads it with the session cookie. */
export const clientCsvUrl = (params: Omit<ClientListParams, 'page' | 'page_size'>): string => {
  const query = new URLSearchParams({ ordering: params.ordering });
  if (params.search) query.set('search', params.search);
  if (params.connection_kind) query.set('connection_kind', params.connection_kind);
  if (params.connection_state) query.set('connection_state', params.connection_state);
  if (params.has_client_users !== undefined) query.set('has_client_users', String(params.has_client_users));
  return `${API_PREFIX}/${e.csv.path}?${query.toString()}`;
};

export const clientUsersQuery = (companyPk: number, params: ClientUserListParams) =>
  queryOptions({
    queryKey: clientKeys.users(companyPk, params),
    queryFn: () =>
      call(clientUserEndpoints.list, {
        query: { client_company: companyPk, page: params.page, page_size: params.page_size, search: params.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useClientUsers = (companyPk: number, params: ClientUserListParams) => useQuery(clientUsersQuery(companyPk, params));

/** Everyone of one company, for picking whose sign-in link to copy. */
export const allClientUsersQuery = (companyPk: number) => clientUsersQuery(companyPk, { page: 1, page_size: MAX_PAGE_SIZE });

/** Any change to a client or its people can change counts and names in every list: refresh them all. */
const useInvalidateClients = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: clientKeys.all });
};

export const useCreateClient = () => {
  const invalidate = useInvalidateClients();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: ClientCompanyCreateBody) => call(e.create, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: () => {
      submission.done();
      return invalidate();
    },
  });
};

export const useUpdateClient = (pk: number) => {
  const client = useQueryClient();
  const invalidate = useInvalidateClients();
  return useSubmitMutation({
    mutationFn: (body: ClientCompanyUpdateBody) => call(e.update, { params: { pk }, body }),
    onSuccess: async (company) => {
      client.setQueryData(clientKeys.detail(pk), company);
      await invalidate();
    },
  });
};

export const useUpdateSyncDate = (pk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (syncDate: string | null) => call(e.syncDate, { params: { pk }, body: { sync_date: syncDate } }),
    onSuccess: (company) => client.setQueryData(clientKeys.detail(pk), company),
  });
};

export const useDisconnectClient = () => {
  const invalidate = useInvalidateClients();
  return useSubmitMutation({
    mutationFn: (pk: number) => call(e.disconnect, { params: { pk } }),
    onSuccess: invalidate,
  });
};

export const useGetMagicLink = () =>
  useSubmitMutation({
    mutationFn: ({ companyPk, userPk }: { companyPk: number; userPk: number }) => call(e.magicLink, { body: { client_company: companyPk, user: userPk } }),
  });

export const useNotifyClient = () => useSubmitMutation({ mutationFn: (companyPk: number) => call(e.sendNotification, { body: { client_company: companyPk } }) });

export const useInviteClientUser = () => {
  const invalidate = useInvalidateClients();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: ClientUserInviteBody) => call(clientUserEndpoints.invite, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: () => {
      submission.done();
      return invalidate();
    },
  });
};

export interface ClientUserEdit {
  pk: number;
  /** Name, phone and the never-text mark (accountant-client-user PATCH). */
  person?: ClientUserUpdateBody;
  /** Email (contacts-update: where invitations and reminders go). */
  contacts?: ContactsUpdateBody;
}

export const useEditClientUser = () => {
  const invalidate = useInvalidateClients();
  return useSubmitMutation({
    mutationFn: async ({ pk, person, contacts }: ClientUserEdit) => {
      if (person) await call(clientUserEndpoints.update, { params: { pk }, body: person });
      if (contacts) await call(clientUserEndpoints.contactsUpdate, { params: { pk }, body: contacts });
    },
    // Even a half-done edit (name saved, email refused) changed something.
    onSettled: invalidate,
  });
};

export const useRemoveClientUser = () => {
  const invalidate = useInvalidateClients();
  return useSubmitMutation({
    mutationFn: ({ userPk, companyPk }: { userPk: number; companyPk: number }) =>
      call(clientUserEndpoints.remove, { params: { pk: userPk }, query: { client_company: companyPk } }),
    onSuccess: invalidate,
  });
};
