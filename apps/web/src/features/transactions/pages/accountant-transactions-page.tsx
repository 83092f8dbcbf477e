import { Flex } from 'antd';
import { useParams } from 'react-router';
import { ACCOUNTANT_FINISH_RULE, LIST_STATUSES, type Transaction, type TransactionStatus } from '@herd/contract';
import { errorStatus } from '../../../lib/api-errors';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { isSyncBusy } from '../../../lib/ledger-sync';
import { canManageClients } from '../../../lib/permissions';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { useKeyedState } from '../../../lib/use-keyed-state';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { SandboxTag } from '../../../ui/ledger-sync-tags';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { useClient } from '../../clients/api';
import { OAUTH_LEDGERS, oauthLedgerOf } from '../../ledgers/oauth-ledgers';
import { useAccountantTransactions, useTransactionChoices, useTransactionCounters, type AccountantListKind } from '../api';
import { DEFAULT_FILTERS, FILTER_PARAMS, type TransactionFilters } from '../filters';
import { AccountantTable } from '../components/accountant-table';
import { connectorNextRunOf } from '../components/transaction-status-tag';
import { AccountantTabs } from '../components/accountant-tabs';
import { BulkActions } from '../components/bulk-actions';
import { CsvExportButton } from '../components/csv-export-drawer';
import { CsvImportButton } from '../components/csv-import-button';
import { FiltersBar } from '../components/filters-bar';
import { KeptFilter } from '../components/kept-filter';
import { LedgerSyncBar } from '../components/ledger-sync-bar';
import { TransactionEditor } from '../components/transaction-editor';
import { hasProcessing, useRefreshWhenSettled } from '../sync-api';
import { useOpenTransaction } from '../use-open-transaction';

const STATUSES_OF: Record<AccountantListKind, readonly TransactionStatus[]> = {
  active: LIST_STATUSES.accountantActive,
  categorized: LIST_STATUSES.accountantCategorized,
  hidden: LIST_STATUSES.accountantHidden,
};

/** What the selection belongs to: the list's filters, not its page. */
const selectionKey = ({ page: _page, page_size: _size, ...rest }: TransactionFilters) => JSON.stringify(rest);

const Content = ({ pk, kind }: { pk: number; kind: AccountantListKind }) => {
  const profile = useProfile();
  const company = useClient(pk);
  // A ledger with its own sign-in (QuickBooks, Xero) syncs and publishes in the background.
  const ledger = company.data ? oauthLedgerOf(company.data.connection_kind) : null;
  // QuickBooks Desktop is written in the background too, when its Web Connector next runs.
  const remoteLedger = ledger ? OAUTH_LEDGERS[ledger].name : company.data?.connection_kind === 'QBD' ? CONNECTION_KIND_LABELS.QBD : null;
  const choices = useTransactionChoices(pk);
  const [filters, setFilters] = useListParams(FILTER_PARAMS, DEFAULT_FILTERS);
  // While the ledger sync runs, or rows are being written to the ledger, the lists and counts follow it.
  const syncing = isSyncBusy(company.data?.ledger_sync);
  const list = useAccountantTransactions(pk, kind, filters, syncing);
  const counters = useTransactionCounters(pk, 'accountant', syncing || hasProcessing(list.data), true);
  const busy = syncing || hasProcessing(list.data) || (counters.data?.processing ?? 0) > 0;
  useRefreshWhenSettled(pk, busy);
  // Turning pages keeps the selection (bulk actions may span pages); other filters, however they change (Back too), clear it.
  const [selected, setSelected] = useKeyedState<number[]>(selectionKey(filters), []);
  const { openPk: editing, open: edit, close } = useOpenTransaction();
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · transactions`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;
  const rows = list.data?.results ?? [];
  const open: Transaction | null = rows.find((t) => t.pk === editing) ?? null;
  const c = counters.data;

  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        tags={company.data?.ledger_sync?.sandbox ? <SandboxTag kind={company.data.connection_kind} /> : null}
        subtitle="Review what the client explained, then publish it to the ledger."
        extra={
          <Flex gap={8}>
            {company.data?.connection_kind === 'CSV' ? <CsvImportButton companyPk={pk} /> : null}
            {company.data?.connection_kind === 'CSV' ? <CsvExportButton companyPk={pk} /> : null}
            <ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: pk })}>View as client</ButtonLink>
          </Flex>
        }
      />
      {company.data && ledger ? <LedgerSyncBar company={company.data} canReconnect={canManageClients(profile)} /> : null}
      <AccountantTabs companyPk={pk} active={kind} counters={c} />
      {kind === 'hidden' ? <KeptFilter value={filters.kept} onChange={(kept) => setFilters({ kept, page: 1 })} /> : null}
      <FiltersBar filters={filters} choices={choices.data} listStatuses={STATUSES_OF[kind]} onChange={setFilters} />
      <BulkActions
        companyPk={pk}
        kind={kind}
        selected={selected}
        onDone={() => setSelected([])}
        remoteLedger={remoteLedger}
        connectorNextRun={connectorNextRunOf(company.data)}
      />
      {list.isError ? (
        <QueryError error={list.error} title="Could not load the transactions" onRetry={() => void list.refetch()} />
      ) : (
        <AccountantTable
          rows={rows}
          total={list.data?.count ?? 0}
          capped={list.data?.count_capped ?? false}
          hasNext={Boolean(list.data?.next)}
          page={filters.page}
          pageSize={filters.page_size}
          ordering={filters.ordering}
          loading={list.isFetching}
          selected={selected}
          onSelect={setSelected}
          onChange={({ page, pageSize, ordering }) => setFilters({ page, page_size: pageSize, ordering })}
          onEdit={(t) => edit(t.pk)}
          connectorNextRun={connectorNextRunOf(company.data)}
        />
      )}
      <TransactionEditor transaction={open} companyPk={pk} side="accountant" editable="all" finishRule={ACCOUNTANT_FINISH_RULE} onClose={close} />
    </>
  );
};

/** /dashboard/accountant/{active,categorized,hidden}/:clientPk/: one client's transactions, a tab per list. */
export const AccountantTransactionsPage = ({ kind }: { kind: AccountantListKind }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={`${pk}-${kind}`} pk={pk} kind={kind} />;
};
