import { Card, Table, type TableColumnsType } from 'antd';
import type { AccountantAnalytics, ClientUserAnalytics } from '@herd/contract';
import { formatDuration } from '../durations';

const accountantColumns: TableColumnsType<AccountantAnalytics> = [
  { title: 'Accountant', key: 'name', fixed: 'left', sorter: (a, b) => a.user.name.localeCompare(b.user.name), render: (_, r) => r.user.name },
  { title: 'Reviewed', key: 'reviewed', align: 'right', sorter: (a, b) => a.reviewed - b.reviewed, render: (_, r) => r.reviewed },
  { title: 'Published', key: 'published', align: 'right', sorter: (a, b) => a.published - b.published, render: (_, r) => r.published },
  { title: 'Sent back', key: 'sent_back', align: 'right', sorter: (a, b) => a.sent_back - b.sent_back, render: (_, r) => r.sent_back },
];

const clientColumns: TableColumnsType<ClientUserAnalytics> = [
  { title: 'Client user', key: 'name', fixed: 'left', sorter: (a, b) => a.user.name.localeCompare(b.user.name), render: (_, r) => r.user.name },
  { title: 'Companies', key: 'companies', render: (_, r) => r.companies.map((c) => c.name).join(', ') },
  { title: 'Answers', key: 'answers', align: 'right', sorter: (a, b) => a.answers - b.answers, render: (_, r) => r.answers },
  {
    title: 'Median time to answer',
    key: 'median',
    align: 'right',
    sorter: (a, b) => (a.median_response_seconds ?? Number.MAX_SAFE_INTEGER) - (b.median_response_seconds ?? Number.MAX_SAFE_INTEGER),
    render: (_, r) => formatDuration(r.median_response_seconds),
  },
];

const tableProps = { size: 'small', scroll: { x: 'max-content' } } as const;

/** Who did the work within the range: the firm's people, then the clients' people. */
export const PeopleTables = ({ accountants, clients, loading }: { accountants: AccountantAnalytics[]; clients: ClientUserAnalytics[]; loading: boolean }) => (
  <>
    <Card title="Per accountant" size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
      <Table<AccountantAnalytics>
        {...tableProps}
        rowKey={(r) => r.user.pk}
        columns={accountantColumns}
        dataSource={accountants}
        loading={loading}
        pagination={false}
        locale={{ emptyText: 'No one yet.' }}
      />
    </Card>
    <Card title="Per client user" size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
      <Table<ClientUserAnalytics>
        {...tableProps}
        rowKey={(r) => r.user.pk}
        columns={clientColumns}
        dataSource={clients}
        loading={loading}
        pagination={clients.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: 'No client users yet.' }}
      />
    </Card>
  </>
);
