import { Card, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { CompanyAnalytics } from '@herd/contract';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { formatDays, formatDuration } from '../durations';

type Pick = (r: CompanyAnalytics) => number | null;
/** Empty values (no answer, nothing open) sort after every figure, whichever way. */
const by = (pick: Pick) => (a: CompanyAnalytics, b: CompanyAnalytics) => (pick(a) ?? Number.MAX_SAFE_INTEGER) - (pick(b) ?? Number.MAX_SAFE_INTEGER);
const count = (title: string, pick: (r: CompanyAnalytics) => number) => ({
  title,
  key: title,
  align: 'right' as const,
  sorter: by(pick),
  render: (_: unknown, r: CompanyAnalytics) => pick(r),
});

const columns: TableColumnsType<CompanyAnalytics> = [
  {
    title: 'Client',
    key: 'client',
    fixed: 'left',
    sorter: (a, b) => a.client_company.name.localeCompare(b.client_company.name),
    defaultSortOrder: 'ascend',
    render: (_, r) => <Link to={buildPath(routes.accountant.active, { clientPk: r.client_company.pk })}>{r.client_company.name}</Link>,
  },
  count('Waiting on client', (r) => r.waiting_on_client),
  count('Ready for review', (r) => r.ready_for_review),
  count('Sync errors', (r) => r.sync_errors),
  count('Published', (r) => r.published),
  count('Answered', (r) => r.answered_in_range),
  {
    title: 'Median answer',
    key: 'median',
    align: 'right',
    sorter: by((r) => r.median_response_seconds),
    render: (_, r) => formatDuration(r.median_response_seconds),
  },
  { title: 'Oldest open', key: 'oldest', align: 'right', sorter: by((r) => r.oldest_open_days), render: (_, r) => formatDays(r.oldest_open_days) },
];

/** One row per client; every column sorts, and on a phone the table scrolls inside its card. */
export const CompanyTable = ({ rows, loading }: { rows: CompanyAnalytics[]; loading: boolean }) => (
  <Card title="Per client" size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
    <Table<CompanyAnalytics>
      rowKey={(r) => r.client_company.pk}
      columns={columns}
      dataSource={rows}
      loading={loading}
      size="small"
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No clients yet.' }}
    />
  </Card>
);
