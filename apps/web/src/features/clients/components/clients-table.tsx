import { Button, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { CONNECTION_KINDS, type ClientCompany, type ClientCompanyOrdering, type ConnectionKind } from '@herd/contract';
import { countText, formatDate } from '../../../lib/format';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ConnectionTags } from '../../../ui/connection-tags';
import { SandboxTag, SyncState } from '../../../ui/ledger-sync-tags';
import { ClientActions, useClientCommands } from './client-actions';
import { ledgerAbilities } from '../../ledgers/oauth-ledgers';
import { useChangeGuard } from '../../billing/read-only-guard';
import { tableLoading } from '../../../ui/table-loading';

type SortOrder = 'ascend' | 'descend' | null;

/** The widest a client's name may take in the table before it is cut. */
const NAME_MAX_WIDTH = 260;

/** The column a list ordering sorts by, and in which direction. */
const sortOrderOf = (ordering: ClientCompanyOrdering, column: 'name' | 'created_at'): SortOrder => {
  if (ordering === column) return 'ascend';
  if (ordering === `-${column}`) return 'descend';
  return null;
};

/** Maps the table's sorter to the API's `ordering`; no sorter means the default, by name. */
export const orderingOf = (field: unknown, order: SortOrder | undefined): ClientCompanyOrdering => {
  if ((field !== 'name' && field !== 'created_at') || !order) return 'name';
  return order === 'descend' ? `-${field}` : field;
};

export interface ClientsTableChange {
  page: number;
  pageSize: number;
  ordering: ClientCompanyOrdering;
  connectionKind: ConnectionKind | undefined;
  /** Only clients with (true) or without (false) client users. */
  hasClientUsers: boolean | undefined;
}

/** Open work of one client (transactions count endpoint); absent when the client has none. */
export interface OpenWork {
  waiting_for_client: number;
  to_review: number;
  sync_errors: number;
  open_receipts: number;
  /** Requests (communications) still open, waiting on either side. */
  open_requests: number;
}

/**
 * Where a click on a client goes: its transactions, on the tab with work.
 * Answers to review (the accountant's own work) come first, then what the
 * client still owes; with neither, the active list.
 */
export const transactionsPathOf = (companyPk: number, work: OpenWork | undefined): string =>
  buildPath(work?.to_review ? routes.accountant.categorized : routes.accountant.active, { clientPk: companyPk });

/** The client's transactions that the ledger refused: the active list, filtered to the Sync error status (kept in the address like any filter). */
export const syncErrorsPathOf = (companyPk: number): string => `${buildPath(routes.accountant.active, { clientPk: companyPk })}?status=SYNC_ERROR`;

/** The ledger, whether it is a sandbox, where its sync stands, and a way back in when the ledger refused Herd's sign-in. */
const LedgerCell = ({ company, canManage }: { company: ClientCompany; canManage: boolean }) => {
  const { reconnect, reconnecting } = useClientCommands();
  const guard = useChangeGuard();
  const sync = company.ledger_sync;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Flex gap={4} wrap align="center">
        <ConnectionTags kind={company.connection_kind} state={company.connection_state} />
        {sync?.sandbox ? <SandboxTag kind={company.connection_kind} /> : null}
      </Flex>
      {sync && company.connection_state === 'CONNECTED' ? <SyncState sync={sync} /> : null}
      {canManage && ledgerAbilities(company).canReconnect ? (
        <Button size="small" icon={<ApiOutlined />} loading={reconnecting} onClick={() => reconnect(company)} {...guard}>
          Reconnect
        </Button>
      ) : null}
    </Flex>
  );
};

interface ClientsTableProps {
  /** A client to point out (just connected). */
  highlightPk?: number | null;
  openWork?: ReadonlyMap<number, OpenWork>;
  rows: ClientCompany[];
  total: number;
  page: number;
  pageSize: number;
  ordering: ClientCompanyOrdering;
  connectionKind: ConnectionKind | undefined;
  hasClientUsers: boolean | undefined;
  loading: boolean;
  canManage: boolean;
  onChange: (change: ClientsTableChange) => void;
  onCopyLink: (company: ClientCompany) => void;
}

/** Client companies, paged, sorted and filtered by the server. */
export const ClientsTable = (props: ClientsTableProps) => {
  const { rows, total, page, pageSize, ordering, connectionKind, hasClientUsers, loading, canManage, onChange, onCopyLink, openWork, highlightPk } = props;

  const columns: TableProps<ClientCompany>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'name'),
      // Toggle between the two directions; "unsorted" would just be by name again.
      sortDirections: ['ascend', 'descend', 'ascend'],
      // A long name is cut with an ellipsis (the whole of it in a tooltip), so the other columns keep their room at 1280 px.
      render: (name: string, company) => (
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: NAME_MAX_WIDTH, fontWeight: 600 }}>
          <Link to={transactionsPathOf(company.pk, openWork?.get(company.pk))}>{name}</Link>
        </Typography.Text>
      ),
    },
    {
      title: 'Ledger',
      key: 'connection_kind',
      filters: CONNECTION_KINDS.map((kind) => ({ text: CONNECTION_KIND_LABELS[kind], value: kind })),
      filterMultiple: false,
      filteredValue: connectionKind ? [connectionKind] : null,
      render: (_value: unknown, company) => <LedgerCell company={company} canManage={canManage} />,
    },
    {
      title: 'Client users',
      dataIndex: 'client_users_count',
      key: 'client_users_count',
      align: 'right',
      filters: [
        { text: 'Has client users', value: 'true' },
        { text: 'None yet', value: 'false' },
      ],
      filterMultiple: false,
      filteredValue: hasClientUsers === undefined ? null : [String(hasClientUsers)],
      render: (count: number) => (count === 0 ? <Typography.Text type="warning">None yet</Typography.Text> : count),
    },
    {
      title: 'Open work',
      key: 'open_work',
      // A set width lets the markers wrap, so the table fits a 1280 px screen with its row actions in view.
      width: 200,
      render: (_value: unknown, company) => {
        const work = openWork?.get(company.pk);
        return (
          <Flex gap={4} wrap align="center">
            {work?.to_review ? <Tag color="green">{work.to_review} to review</Tag> : null}
            {work?.waiting_for_client ? <Tag color="blue">{work.waiting_for_client} with client</Tag> : null}
            {work?.open_receipts ? <Tag color="gold">{countText(work.open_receipts, 'receipt')}</Tag> : null}
            {work?.open_requests ? <Tag color="purple">{countText(work.open_requests, 'open request')}</Tag> : null}
            {work?.sync_errors ? (
              <Link to={syncErrorsPathOf(company.pk)} aria-label={`Show the ${countText(work.sync_errors, 'sync error')} of ${company.name}`}>
                <Tag color="red" style={{ cursor: 'pointer' }}>
                  {countText(work.sync_errors, 'sync error')}
                </Tag>
              </Link>
            ) : null}
            {company.review_findings ? (
              <Link
                to={buildPath(routes.accountant.review, { clientPk: company.pk })}
                aria-label={`Show the ${countText(company.review_findings, 'finding')} of the review checks of ${company.name}`}
              >
                <Tag color="orange" style={{ cursor: 'pointer' }}>
                  {countText(company.review_findings, 'finding')}
                </Tag>
              </Link>
            ) : null}
            <Link to={transactionsPathOf(company.pk, work)}>Open</Link>
          </Flex>
        );
      },
    },
    {
      title: 'Assigned to',
      key: 'assigned_members',
      render: (_value: unknown, company) =>
        company.assigned_members.length === 0 ? (
          <Typography.Text type="secondary">Not assigned</Typography.Text>
        ) : (
          company.assigned_members.map((member) => member.name || member.email).join(', ')
        ),
    },
    {
      title: 'Created',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'created_at'),
      // Newest first is what people look for.
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: string) => formatDate(value),
    },
    {
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      width: 64,
      // Always in view, however wide the other columns make the table.
      fixed: 'right',
      render: (_value: unknown, company) => <ClientActions company={company} canManage={canManage} onCopyLink={onCopyLink} />,
    },
  ];

  const handleChange: TableProps<ClientCompany>['onChange'] = (pagination, filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const kind = filters.connection_kind?.[0] as ConnectionKind | undefined;
    const users = filters.client_users_count?.[0];
    const nextOrdering = orderingOf(single?.columnKey, single?.order);
    const nextSize = pagination.pageSize ?? pageSize;
    // A new sort, filter or page size starts again at the first page.
    const restart = extra.action !== 'paginate' || nextSize !== pageSize;
    onChange({
      page: restart ? 1 : (pagination.current ?? 1),
      pageSize: nextSize,
      ordering: nextOrdering,
      connectionKind: kind,
      hasClientUsers: users === undefined ? undefined : users === 'true',
    });
  };

  return (
    <Table<ClientCompany>
      rowKey="pk"
      columns={columns}
      dataSource={rows}
      {...tableLoading(loading, rows.length > 0, 'No clients match')}
      onChange={handleChange}
      rowClassName={(company) => (company.pk === highlightPk ? 'herd-row-highlight' : '')}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize, total, showSizeChanger: true, hideOnSinglePage: false }}
    />
  );
};
