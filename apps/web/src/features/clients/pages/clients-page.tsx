import { useState } from 'react';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { CONNECTION_STATES, type ConnectionState } from '@herd/contract';
import { countText } from '../../../lib/format';
import { CONNECTION_STATE_LABELS } from '../../../lib/labels';
import { isSyncBusy } from '../../../lib/ledger-sync';
import { buildPath } from '../../../lib/path-builder';
import { canManageClients } from '../../../lib/permissions';
import { routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { SearchInput } from '../../../ui/search-input';
import { useProfile } from '../../auth/api';
import { useCompanyTransactionCounts } from '../../transactions/api';
import { useRefreshWhenSettled } from '../../transactions/sync-api';
import { clientCsvUrl, useClientList } from '../api';
import { AddClientModal } from '../components/add-client-modal';
import { ClientsTable, type ClientsTableChange } from '../components/clients-table';
import { useMagicLinkCopier } from '../components/magic-link-copier';
import { useLedgerReturn } from '../components/ledger-return-notice';
import { ConnectLedgerButtons } from '../components/connect-ledger-buttons';
import { CLIENT_LIST_DEFAULTS, CLIENT_LIST_PARAMS } from '../list-params';
import { ChangesOnly } from '../../billing/read-only-guard';

/** `?add=1` opens "Add client" straight away (the dashboard's first-client button links here). */
export const ADD_PARAM = 'add';

/** /dashboard/accountant/clients/: the firm's client companies. */
export const ClientsPage = () => {
  usePageTitle('Clients');
  const profile = useProfile();
  const canManage = canManageClients(profile);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [listParams, setListParams] = useListParams(CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS);
  const {
    page,
    page_size: pageSize,
    search,
    ordering,
    connection_kind: connectionKind,
    connection_state: connectionState,
    has_client_users: hasClientUsers,
  } = listParams;
  const [adding, setAdding] = useState(canManage && params.get(ADD_PARAM) === '1');
  const list = useClientList(listParams);
  // The open work of the companies on the page only, asked once the page is known: the firm's whole answer grows with
  // the firm (800 KB at 10,000 companies), and asked beside the list it held the list's own answer back.
  const pagePks = list.data?.results.map((company) => company.pk) ?? [];
  const counts = useCompanyTransactionCounts(pagePks.length > 0, pagePks);
  const openWork = new Map((counts.data ?? []).map((row) => [row.client_company, row]));
  // A finished pull brings new open work: the counts are read again then.
  useRefreshWhenSettled(null, Boolean(list.data?.results.some((company) => isSyncBusy(company.ledger_sync))));
  const copier = useMagicLinkCopier();
  const ledgerReturn = useLedgerReturn();

  const closeAdd = () => {
    setAdding(false);
    if (!params.has(ADD_PARAM)) return;
    // Only the request to open the dialog goes: the list's filters stay in the address.
    const next = new URLSearchParams(params);
    next.delete(ADD_PARAM);
    setParams(next, { replace: true });
  };

  // Typing replaces the history entry, so Back steps through filters and pages rather than keystrokes.
  const onSearch = (value: string) => setListParams({ search: value }, { replace: true });

  const onTableChange = (change: ClientsTableChange) =>
    setListParams({
      page: change.page,
      page_size: change.pageSize,
      ordering: change.ordering,
      connection_kind: change.connectionKind,
      has_client_users: change.hasClientUsers,
    });

  const addButton = canManage ? (
    <ChangesOnly>
      <Flex gap={8} wrap>
        <ConnectLedgerButtons />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add client
        </Button>
      </Flex>
    </ChangesOnly>
  ) : null;

  const filtered = Boolean(search || connectionKind || connectionState || hasClientUsers !== undefined);
  const firmHasNone = list.data?.count === 0 && !filtered;

  let body;
  if (list.isPending) body = <PageSpinner caption="Loading clients…" />;
  else if (list.isError && !list.data) body = <QueryError error={list.error} title="Could not load your clients" onRetry={() => void list.refetch()} />;
  else if (firmHasNone)
    body = (
      <EmptyPanel
        title={canManage ? 'No clients yet' : 'No clients assigned to you yet'}
        description={
          canManage
            ? 'Add a client company, invite the people who answer for it, and Herd asks them about every uncategorized transaction.'
            : 'When an admin of your firm assigns clients to you, they are listed here.'
        }
      >
        {addButton}
      </EmptyPanel>
    );
  else
    body = (
      <Card variant="outlined" styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" gap={12} wrap style={{ padding: '16px 20px' }}>
          {/* Wraps on a phone: search, connection and count each take a line rather than widening the page. */}
          <Flex align="center" gap={16} wrap>
            <SearchInput label="Search clients" value={search} onSearch={onSearch} />
            <Select<ConnectionState>
              aria-label="Connection"
              placeholder="Any connection"
              allowClear
              value={connectionState}
              onChange={(state?: ConnectionState) => setListParams({ connection_state: state })}
              options={CONNECTION_STATES.map((state) => ({ value: state, label: CONNECTION_STATE_LABELS[state] }))}
              style={{ width: 190 }}
            />
            <Typography.Text type="secondary" data-testid="clients-count">
              {countText(list.data?.count ?? 0)}
            </Typography.Text>
          </Flex>
          <Button icon={<DownloadOutlined />} href={clientCsvUrl(listParams)} download>
            Download CSV
          </Button>
        </Flex>
        {list.isError ? <QueryError error={list.error} title="Could not refresh the list" onRetry={() => void list.refetch()} /> : null}
        <ClientsTable
          openWork={openWork}
          highlightPk={ledgerReturn.connectedPk}
          rows={list.data?.results ?? []}
          total={list.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          ordering={ordering}
          connectionKind={connectionKind}
          hasClientUsers={hasClientUsers}
          loading={list.isFetching && list.isPlaceholderData}
          canManage={canManage}
          onChange={onTableChange}
          onCopyLink={(company) => void copier.copyFor(company)}
        />
      </Card>
    );

  return (
    <>
      <PageHeader
        title="Clients"
        subtitle={canManage ? 'Every client company of your firm.' : 'The client companies assigned to you.'}
        extra={firmHasNone ? null : addButton}
      />
      {ledgerReturn.element}
      {body}
      <AddClientModal
        open={adding}
        onClose={closeAdd}
        onCreated={(company) => {
          closeAdd();
          // Next step for a new client: invite the people who will answer for it.
          void navigate(buildPath(routes.settings.accountantClient, { clientPk: company.pk }));
        }}
      />
      {copier.element}
    </>
  );
};
