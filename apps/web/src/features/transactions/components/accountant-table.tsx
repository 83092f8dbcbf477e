import { Button, Table, Tag, Typography, type TableProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { KeptReason, Transaction } from '@herd/contract';
import { countText, formatDate } from '../../../lib/format';
import type { TransactionFilters } from '../filters';
import { pagingTotal } from '../paging';
import { AnswerOriginTag } from './answer-origin-tag';
import { ClosedPeriodTag } from './closed-period-tag';
import { DraftTag } from './draft-tag';
import { PublishBlocker } from './publish-blocker';
import { SignedAmount } from './transaction-row';
import { TransactionStatusTag } from './transaction-status-tag';
import { tableLoading } from '../../../ui/table-loading';

type Ordering = TransactionFilters['ordering'];
type SortOrder = 'ascend' | 'descend' | null;

/** Why the firm's rules keep a transaction from the client, on its row of the hidden list. */
const KEPT_WORDS: Record<KeptReason, string> = { AMOUNT: 'Kept: under your amount', PAYEE: 'Kept: a payee you answer', CLOSED_PERIOD: 'Kept: closed period' };

const sortOrderOf = (ordering: Ordering, column: 'date' | 'amount'): SortOrder => {
  if (ordering === column) return 'ascend';
  return ordering === `-${column}` ? 'descend' : null;
};

/** The table's sorter as the API's `ordering`; no sorter means the default, newest first. */
const orderingOf = (field: unknown, order: SortOrder | undefined): Ordering => {
  if ((field !== 'date' && field !== 'amount') || !order) return '-date';
  return order === 'descend' ? `-${field}` : field;
};

export interface AccountantTableChange {
  page: number;
  pageSize: number;
  ordering: Ordering;
}

const categoryOf = (t: Transaction) => (t.lines.length > 1 ? `Split (${t.lines.length} lines)` : (t.lines[0]?.category?.name ?? ''));

interface AccountantTableProps {
  rows: Transaction[];
  total: number;
  /** The server stopped counting at `total`: there are more. */
  capped: boolean;
  /** The server has a page after this one (past a capped count, only it knows). */
  hasNext: boolean;
  page: number;
  pageSize: number;
  ordering: Ordering;
  loading: boolean;
  selected: number[];
  onSelect: (pks: number[]) => void;
  /** A new page, page size or ordering; a new ordering or size starts at the first page. */
  onChange: (change: AccountantTableChange) => void;
  onEdit: (transaction: Transaction) => void;
  /** QuickBooks Desktop only: when its Web Connector runs next (`connectorNextRunOf`), which the rows being written wait for. */
  connectorNextRun?: string | null | undefined;
}

/** One list of a client's transactions for the accountant, with the ledger's refusals in red. */
export const AccountantTable = (props: AccountantTableProps) => {
  const { rows, total, capped, hasNext, page, pageSize, ordering, loading, selected, onSelect, onChange, onEdit, connectorNextRun } = props;
  const columns: TableProps<Transaction>['columns'] = [
    {
      title: 'Date',
      dataIndex: 'date',
      key: 'date',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'date'),
      // Toggle between the two directions: "unsorted" would be newest first again.
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (date: string) => formatDate(date),
    },
    {
      title: 'Transaction',
      key: 'what',
      render: (_v: unknown, t) => (
        <div>
          <Typography.Text strong>{t.payee || t.description}</Typography.Text> <DraftTag transactionPk={t.pk} side="accountant" />
          {t.payee && t.description ? <div style={{ color: '#5f6b66', fontSize: 13 }}>{t.description}</div> : null}
          {t.sync_errors.map((e) => (
            <Typography.Text key={e.pk} type="danger" style={{ display: 'block', fontSize: 13 }} data-testid="sync-error">
              {e.message}
            </Typography.Text>
          ))}
          {t.client_memo ? <div style={{ fontSize: 13, color: '#5f6b66' }}>Memo: {t.client_memo}</div> : null}
        </div>
      ),
    },
    { title: 'Category', key: 'category', render: (_v: unknown, t) => categoryOf(t) || <Typography.Text type="secondary">None</Typography.Text> },
    { title: 'Account', key: 'account', render: (_v: unknown, t) => t.payment_account?.name ?? '' },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'amount'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_v: unknown, t) => <SignedAmount transaction={t} />,
    },
    {
      title: 'Status',
      key: 'status',
      render: (_v: unknown, t) => (
        <>
          {/* A hidden row keeps its status (a hidden one may be categorized), but first says it is hidden. */}
          {t.is_hidden ? <Tag>{t.kept_by ? KEPT_WORDS[t.kept_by] : 'Hidden'}</Tag> : null}
          <TransactionStatusTag status={t.status} connectorNextRun={connectorNextRun} />
          <ClosedPeriodTag transaction={t} />
          <AnswerOriginTag transaction={t} />
          <PublishBlocker transaction={t} />
        </>
      ),
    },
    {
      title: <span className="herd-visually-hidden">Actions</span>,
      key: 'actions',
      width: 90,
      render: (_v: unknown, t) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(t)} aria-label={`Edit ${t.payee || t.description}`}>
          Edit
        </Button>
      ),
    },
  ];
  // One handler for pages and sorting: the table reports a sort and its return to page 1 as one change, so one address.
  const handleChange: TableProps<Transaction>['onChange'] = (pagination, _filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSize = pagination.pageSize ?? pageSize;
    const restart = extra.action !== 'paginate' || nextSize !== pageSize;
    onChange({ page: restart ? 1 : (pagination.current ?? 1), pageSize: nextSize, ordering: orderingOf(single?.columnKey, single?.order) });
  };
  return (
    <Table
      rowKey="pk"
      size="middle"
      columns={columns}
      dataSource={rows}
      {...tableLoading(loading, rows.length > 0)}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
      onChange={handleChange}
      pagination={{
        current: page,
        pageSize,
        total: pagingTotal({ total, capped, hasNext, page, pageSize }),
        showSizeChanger: true,
        showTotal: () => countText(total, 'transaction', 'transactions', capped),
      }}
      scroll={{ x: 900 }}
    />
  );
};
