import { useState } from 'react';
import { App, Button, Card, Flex, Typography } from 'antd';
import { ApiOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type ClientCompanyOrdering, type ConnectionKind } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { countText } from '../../../lib/format';
import { isSyncBusy } from '../../../lib/ledger-sync';
import { buildPath } from '../../../lib/path-builder';
import { canManageClients } from '../../../lib/permissions';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { SearchInput } from '../../../ui/search-input';
import { useProfile } from '../../auth/api';
import { useConnectQuickBooks } from '../../quickbooks/api';
import { useCompanyTransactionCounts } from '../../transactions/api';
import { useRefreshWhenSettled } from '../../transactions/sync-api';
import { clientCsvUrl, useClientList } from '../api';
import { AddClientModal } from '../components/add-client-modal';
import { ClientsTable, type ClientsTableChange } from '../components/clients-table';
import { useMagicLinkCopier } from '../components/magic-link-copier';
import { useQboReturn } from '../components/qbo-return-notice';

/** `?add=1` opens "Add client" straight away (the dashboard's first-client button links here). */
export const ADD_PARAM = 'add';

/** /dashboard/accountant/clients/: the firm's client companies. */
export const ClientsPage = () => {
  usePageTitle('Clients');
  const profile = useProfile();
  const canManage = canManageClients(profile);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<ClientCompanyOrdering>('name');
  const [connectionKind, setConnectionKind] = useState<ConnectionKind | undefined>(undefined);
  const [adding, setAdding] = useState(canManage && params.get(ADD_PARAM) === '1');
  const list = useClientList({ page, page_size: pageSize, search, ordering, connection_kind: connectionKind });
  const counts = useCompanyTransactionCounts();
  const openWork = new Map((counts.data ?? []).map((row) => [row.client_company, row]));
  // A finished pull brings new open work: the counts are read again then.
  useRefreshWhenSettled(null, Boolean(list.data?.results.some((company) => isSyncBusy(company.ledger_sync))));
  const copier = useMagicLinkCopier();
  const qboReturn = useQboReturn();
  const connect = useConnectQuickBooks();
  const { message } = App.useApp();

  const startConnect = () => connect.mutate(undefined, { onError: (error) => void message.error(normaliseError(error).message) });

  const closeAdd = () => {
    setAdding(false);
    if (params.has(ADD_PARAM)) setParams({}, { replace: true });
  };

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const onTableChange = (change: ClientsTableChange) => {
    setPage(change.page);
    setPageSize(change.pageSize);
    setOrdering(change.ordering);
    setConnectionKind(change.connectionKind);
  };

  const addButton = canManage ? (
    <Flex gap={8} wrap>
      {/* Still spinning after the answer: the browser is on its way to Intuit. */}
      <Button icon={<ApiOutlined />} loading={connect.isPending || connect.isSuccess} onClick={startConnect}>
        Connect QuickBooks
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
        Add client
      </Button>
    </Flex>
  ) : null;

  const filtered = Boolean(search || connectionKind);
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
          <Flex align="center" gap={16}>
            <SearchInput label="Search clients" onSearch={onSearch} />
            <Typography.Text type="secondary" data-testid="clients-count">
              {countText(list.data?.count ?? 0)}
            </Typography.Text>
          </Flex>
          <Button icon={<DownloadOutlined />} href={clientCsvUrl({ search, ordering, connection_kind: connectionKind })} download>
            Download CSV
          </Button>
        </Flex>
        {list.isError ? <QueryError error={list.error} title="Could not refresh the list" onRetry={() => void list.refetch()} /> : null}
        <ClientsTable
          openWork={openWork}
          highlightPk={qboReturn.connectedPk}
          rows={list.data?.results ?? []}
          total={list.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          ordering={ordering}
          connectionKind={connectionKind}
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
      {qboReturn.element}
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
