import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  fileEndpoints as f,
  importEndpoints,
  noteEndpoints as n,
  refEndpoints as r,
  type CappedPaginated,
  type CompanyTransactionCount,
  type Direction,
  type PublishResult,
  type SelectOption,
  type Transaction,
  type TransactionChange,
  type TransactionChoices,
  type TransactionCounters,
  transactionEndpoints as e,
} from '@herd/contract';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { errorStatus } from '../../lib/api-errors';
import { SYNC_POLL_MS } from '../../lib/ledger-sync';
import { buildPath } from '../../lib/path-builder';
import { upload } from '../../lib/upload';
import type { TransactionFilters } from './filters';
import { noteDraftBody, type NoteDraft } from '../../ui/note-draft';

/** Whose screens: the client's (also an accountant viewing as client) or the accountant's own. */
export type Side = 'client' | 'accountant';
export type ClientListKind = 'active' | 'completed';
export type AccountantListKind = 'active' | 'categorized' | 'hidden';
export type RefKindPath = 'vendors' | 'customers' | 'classes' | 'locations' | 'taxes' | 'tracking-categories';

export type { CompanyTransactionCount, PublishResult, SelectOption, TransactionChoices, TransactionCounters };

/** A page of a transaction list; a counted (filtered or restricted) list stops counting at 1,000 and says `count_capped`. */
export type TransactionPage = CappedPaginated<Transaction>;

export const transactionKeys = {
  all: ['transactions'] as const,
  company: (companyPk: number) => [...transactionKeys.all, 'company', companyPk] as const,
  clientList: (companyPk: number, kind: ClientListKind, page: number) => [...transactionKeys.company(companyPk), 'client', kind, page] as const,
  accountantList: (companyPk: number, kind: AccountantListKind, filters: TransactionFilters) =>
    [...transactionKeys.company(companyPk), 'accountant', kind, filters] as const,
  counters: (companyPk: number, side: Side) => [...transactionKeys.company(companyPk), 'counters', side] as const,
  choices: (companyPk: number) => [...transactionKeys.company(companyPk), 'choices'] as const,
  notes: (transactionPk: number) => [...transactionKeys.all, 'notes', transactionPk] as const,
  options: (companyPk: number, kind: string, search: string) => [...transactionKeys.all, 'options', companyPk, kind, search] as const,
  /** Every company's open work, or only `companyPks`' (a list's page); the key without them covers both when refreshed. */
  companyCounts: (companyPks?: readonly number[]) =>
    companyPks ? ([...transactionKeys.all, 'company-counts', companyPks] as const) : ([...transactionKeys.all, 'company-counts'] as const),
  accountTypes: (companyPk: number, system: 'qbo' | 'qbd' | 'xero') => [...transactionKeys.all, 'account-types', companyPk, system] as const,
};

/** Rows per page of the client's own lists. */
export const CLIENT_PAGE_SIZE = 100;

export const useClientTransactions = (companyPk: number, kind: ClientListKind, page = 1) =>
  useQuery({
    queryKey: transactionKeys.clientList(companyPk, kind, page),
    queryFn: () =>
      call(kind === 'active' ? e.clientActive : e.clientCompleted, { params: { pk: companyPk }, query: { page, page_size: CLIENT_PAGE_SIZE, ordering: '-date' } }),
    placeholderData: keepPreviousData,
  });

const ACCOUNTANT_LIST = { active: e.accountantActive, categorized: e.accountantCategorized, hidden: e.accountantHidden } as const;

/** The filters as query parameters: empty ones dropped, lists comma-separated. */
export const filterParams = (filters: TransactionFilters) => ({
  page: filters.page,
  page_size: filters.page_size,
  ordering: filters.ordering,
  search: filters.search || undefined,
  date_from: filters.date_from || undefined,
  date_to: filters.date_to || undefined,
  amount_min: filters.amount_min || undefined,
  amount_max: filters.amount_max || undefined,
  type: filters.type || undefined,
  direction: filters.direction || undefined,
  payment_account: filters.payment_account ?? undefined,
  status: filters.status || undefined,
  markers: filters.markers.length > 0 ? filters.markers.join(',') : undefined,
  kept: filters.kept === 'true' ? ('true' as const) : filters.kept === 'false' ? ('false' as const) : undefined,
});

/** `poll`: asked again every few seconds (a ledger sync runs); also while rows on the page are being written to the ledger. */
export const useAccountantTransactions = (companyPk: number, kind: AccountantListKind, filters: TransactionFilters, poll = false) =>
  useQuery({
    queryKey: transactionKeys.accountantList(companyPk, kind, filters),
    queryFn: () => call(ACCOUNTANT_LIST[kind], { params: { pk: companyPk }, query: filterParams(filters) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (poll || query.state.data?.results.some((t) => t.status === 'PROCESSING') ? SYNC_POLL_MS : false),
  });

/**
 * `poll`: asked again every few seconds. `followProcessing`: also while any of
 * the company's rows is being written to the ledger, wherever they are listed
 * (a published row leaves the categorized list while its job runs).
 */
export const useTransactionCounters = (companyPk: number, side: Side, poll = false, followProcessing = false) =>
  useQuery({
    queryKey: transactionKeys.counters(companyPk, side),
    queryFn: () => call(side === 'client' ? e.clientCounters : e.accountantCounters, { params: { pk: companyPk } }),
    refetchInterval: (query) => (poll || (followProcessing && (query.state.data?.processing ?? 0) > 0) ? SYNC_POLL_MS : false),
  });

/** The client's counters for one company: the transactions waiting for them and the company's open receipts they see. */
export const useClientCounters = (companyPk: number) =>
  useQuery({ queryKey: transactionKeys.counters(companyPk, 'client'), queryFn: () => call(e.clientCounters, { params: { pk: companyPk } }) });

export const useTransactionChoices = (companyPk: number) =>
  useQuery({
    queryKey: transactionKeys.choices(companyPk),
    queryFn: () => call(e.choices, { params: { pk: companyPk } }),
  });

/**
 * Open work per company: of every company the user sees, or of only `companyPks` (the clients list's page: the
 * whole firm's answer grows with the firm, and a list should not wait on it).
 */
export const useCompanyTransactionCounts = (enabled = true, companyPks?: readonly number[]) =>
  useQuery({
    queryKey: transactionKeys.companyCounts(companyPks),
    queryFn: () => call(e.companyCounts, { query: companyPks ? { client_companies: companyPks.join(',') } : {} }),
    enabled,
  });

/** Any write can move transactions between lists and change every counter of the company. */
export const useInvalidateCompany = () => {
  const client = useQueryClient();
  return (companyPk: number) =>
    Promise.all([client.invalidateQueries({ queryKey: transactionKeys.company(companyPk) }), client.invalidateQueries({ queryKey: transactionKeys.companyCounts() })]);
};

export const useUpdateTransactions = (companyPk: number, side: Side) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: (transactions: TransactionChange[]) =>
      call(side === 'client' ? e.clientUpdate : e.accountantUpdate, { params: { pk: companyPk }, body: { transactions } }),
    onSuccess: () => invalidate(companyPk),
    // Refused because someone else saved first: the lists show what they saved.
    onError: (error) => (errorStatus(error) === 409 ? invalidate(companyPk) : undefined),
  });
};

export const useDeleteLine = (companyPk: number) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: (linePk: number) => call(e.lineDelete, { params: { pk: linePk } }),
    onSuccess: () => invalidate(companyPk),
  });
};

/**
 * Where a picker's options come from: one reference list, or the options of one tracking category.
 * A category list given the transaction's direction lists what people pick for it first.
 */
export type OptionSource =
  { kind: RefKindPath | 'categories'; companyPk: number; side: Side; direction?: Direction } | { kind: 'tracking-options'; companyPk: number; trackingPk: number };

/** An option as the lists answer it; a category (an account) also says its type, which tells which way its money goes. */
export type PickedOption = SelectOption & { account_type?: string };

const REF_SELECTS = {
  vendors: r.vendors,
  customers: r.customers,
  classes: r.classes,
  locations: r.locations,
  taxes: r.taxes,
  'tracking-categories': r.trackingCategories,
} as const;

/** The list's endpoint and path parameters. */
const optionsEndpoint = (source: OptionSource) => {
  if (source.kind === 'tracking-options') return { endpoint: r.trackingOptions, params: { pk: source.companyPk, trackingCategoryPk: source.trackingPk } };
  if (source.kind === 'categories') return { endpoint: source.side === 'client' ? r.clientCategories : r.accountantCategories, params: { pk: source.companyPk } };
  return { endpoint: REF_SELECTS[source.kind], params: { pk: source.companyPk } };
};

/** Server-searched options of one list (fast with thousands of options: the server filters). */
export const useSelectOptions = (source: OptionSource, search: string, enabled = true) => {
  const { endpoint, params } = optionsEndpoint(source);
  const direction = source.kind === 'categories' ? source.direction : undefined;
  const query = { search: search || undefined, limit: 50, ...(direction ? { direction } : {}) };
  return useQuery({
    queryKey: transactionKeys.options(source.companyPk, `${buildPath(endpoint.path, params)}${direction ? `?direction=${direction}` : ''}`, search),
    queryFn: (): Promise<PickedOption[]> => call(endpoint, { params, query }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** The fields a categorization has in the company's ledger, named as the ledger names them (ledger-fields.ts). */
export const useLedgerFields = (companyPk: number) =>
  useQuery({ queryKey: ['ledger-fields', companyPk], queryFn: () => call(r.ledgerFields, { params: { pk: companyPk } }), retry: false });

export interface NewCategory {
  name: string;
  account_type: string;
  account_subtype?: string;
}

export type RefCreation = { kind: 'vendors' | 'customers'; name: string; transaction: number } | ({ kind: 'categories'; transaction: number } & NewCategory);

export const useCreateRef = (companyPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (creation: RefCreation): Promise<SelectOption> => {
      const params = { pk: companyPk };
      if (creation.kind === 'categories') {
        const { kind: _kind, ...body } = creation;
        return call(r.categoryCreate, { params, body });
      }
      const { kind, ...body } = creation;
      return call(kind === 'vendors' ? r.vendorCreate : r.customerCreate, { params, body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [...transactionKeys.all, 'options', companyPk] }),
  });
};

export const useNotes = (transactionPk: number) =>
  useQuery({
    queryKey: transactionKeys.notes(transactionPk),
    queryFn: () => call(n.transactionList, { params: { pk: transactionPk } }),
  });

export const useCreateNote = (transactionPk: number, companyPk: number) => {
  const client = useQueryClient();
  const invalidate = useInvalidateCompany();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (draft: NoteDraft) =>
      call(n.transactionCreate, { params: { pk: transactionPk }, body: noteDraftBody(draft) }, { idempotencyKey: submission.for({ transactionPk, ...draft }) }),
    onSuccess: async () => {
      submission.done();
      await client.invalidateQueries({ queryKey: transactionKeys.notes(transactionPk) });
      await invalidate(companyPk);
    },
  });
};

export const useUpdateNote = (transactionPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ notePk, body }: { notePk: number; body: string }) => call(n.transactionUpdate, { params: { messagePk: notePk }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: transactionKeys.notes(transactionPk) }),
  });
};

export const useAddAttachment = (transactionPk: number, companyPk: number) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('client_company', String(companyPk));
      form.append('file', file);
      const stored = await upload(f.create, {}, form);
      return call(f.attach, { params: { transactionPk }, body: { file: stored.pk } });
    },
    onSuccess: () => invalidate(companyPk),
  });
};

export const useRemoveAttachment = (transactionPk: number, companyPk: number) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: (attachmentPk: number) => call(f.detach, { params: { transactionPk, pk: attachmentPk } }),
    onSuccess: () => invalidate(companyPk),
  });
};

export type BulkAction = 'publish' | 'back' | 'hide' | 'unhide' | 'clear-errors';
const BULK = { publish: e.publish, hide: e.hide, unhide: e.unhide, 'clear-errors': e.clearErrors } as const;

export const useBulkAction = (companyPk: number) => {
  const invalidate = useInvalidateCompany();
  const publishing = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: ({ action, pks, message }: { action: BulkAction; pks: number[]; message?: string }): Promise<PublishResult | void> => {
      const params = { pk: companyPk };
      if (action === 'back') return call(e.back, { params, body: { pks, message: message || undefined } });
      if (action === 'publish') return call(e.publish, { params, body: { pks } }, { idempotencyKey: publishing.for(pks) });
      return call(BULK[action], { params, body: { pks } });
    },
    onSuccess: (_result, { action }) => {
      if (action === 'publish') publishing.done();
    },
    // Not awaited: the mutation waits for what onSettled returns before the caller hears of the answer, so a
    // refusal (which changed nothing) was shown only once every list, counter and menu of the company had been
    // fetched again, seconds later on a busy page. The lists follow in the background instead.
    onSettled: () => void invalidate(companyPk),
  });
};

/** A plain link, so the browser downloads the zip with the session cookie. */
export const attachmentsZipUrl = (companyPk: number, pks: number[]): string =>
  `${API_PREFIX}/${buildPath(f.attachmentsZip.path, { pk: companyPk })}?pks=${pks.join(',')}`;

export const useImportCsv = (companyPk: number) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return upload(importEndpoints.bankCsv, { params: { pk: companyPk } }, form);
    },
    onSuccess: () => invalidate(companyPk),
  });
};
