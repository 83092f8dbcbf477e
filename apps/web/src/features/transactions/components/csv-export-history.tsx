import { Button, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { CsvExportBatch } from '@herd/contract';
import { countText, formatDate, formatRelativeTime } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useExportBatches } from '../csv-export-api';

/** "Jan 1, 2026 – Jan 31, 2026", "from Feb 1, 2026", "all dates" · "published only", "only new". */
const filtersText = (b: CsvExportBatch) => {
  const range =
    b.date_from && b.date_to
      ? `${formatDate(b.date_from)} – ${formatDate(b.date_to)}`
      : b.date_from
        ? `from ${formatDate(b.date_from)}`
        : b.date_to
          ? `until ${formatDate(b.date_to)}`
          : 'all dates';
  const status = b.status === 'PUBLISHED_IN_PLATFORM' ? ', published' : b.status === 'MATCHED_TO_PLATFORM' ? ', matched' : '';
  return `${range}${status}${b.only_new ? ', only new' : ', including exported'}`;
};

/** The company's past exports, newest first, each downloadable again exactly as it was first sent; the page is the caller's (kept in the address). */
export const CsvExportHistory = ({ companyPk, page, onPage }: { companyPk: number; page: number; onPage: (page: number) => void }) => {
  const batches = useExportBatches(companyPk, page, true);
  if (batches.isError) return <QueryError error={batches.error} title="Could not load the past exports" onRetry={() => void batches.refetch()} />;

  const columns: TableProps<CsvExportBatch>['columns'] = [
    {
      title: 'Exported',
      key: 'when',
      render: (_value: unknown, b) => (
        <>
          <div>{formatRelativeTime(b.created_at)}</div>
          <Typography.Text type="secondary">{b.created_by?.name ?? 'A former team member'}</Typography.Text>
        </>
      ),
    },
    {
      title: 'Holds',
      key: 'holds',
      render: (_value: unknown, b) => (
        <>
          <div>
            {countText(b.transaction_count, 'transaction')} · {countText(b.line_count, 'line')}
          </div>
          <Typography.Text type="secondary">{filtersText(b)}</Typography.Text>
        </>
      ),
    },
    {
      title: <span className="herd-visually-hidden">Download</span>,
      key: 'download',
      align: 'right',
      render: (_value: unknown, b) => (
        <Button icon={<DownloadOutlined />} href={b.download_url} download aria-label={`Download export ${b.pk}`}>
          CSV
        </Button>
      ),
    },
  ];

  return (
    <Table<CsvExportBatch>
      rowKey="pk"
      size="small"
      loading={batches.isFetching}
      columns={columns}
      dataSource={batches.data?.results ?? []}
      locale={{ emptyText: 'No exports yet' }}
      pagination={{ current: page, pageSize: 20, total: batches.data?.count ?? 0, hideOnSinglePage: true, onChange: onPage }}
    />
  );
};
