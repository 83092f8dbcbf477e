import { Button, Empty, Table, Tag, Typography, type TableProps } from 'antd';
import type { LearnedPattern } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { QueryError } from '../../../ui/query-error';
import { useChangeGuard } from '../../billing/read-only-guard';
import { usePatterns } from '../rules-api';
import { tableLoading } from '../../../ui/table-loading';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

interface PatternsTableProps {
  companyPk: number;
  onMakeRule: (pattern: LearnedPattern) => void;
}

/** What Herd learned from the client's answers, merchant by merchant, with how often it was right. */
export const PatternsTable = ({ companyPk, onMakeRule }: PatternsTableProps) => {
  const patterns = usePatterns(companyPk);
  const guard = useChangeGuard();
  const columns: TableProps<LearnedPattern>['columns'] = [
    {
      title: 'Payee',
      key: 'payee',
      render: (_v: unknown, p) => (
        <>
          {p.payee} {p.direction === 'DEPOSIT' ? <Tag>Money in</Tag> : null}
        </>
      ),
    },
    {
      title: 'Herd suggests',
      key: 'suggestion',
      render: (_v: unknown, p) =>
        p.suggestion ? (
          <>
            {p.suggestion.category.name}
            {p.suggestion.vendor ? <Typography.Text type="secondary"> · {p.suggestion.vendor.name}</Typography.Text> : null}
            {p.suggestion.source === 'FIRM' ? <Tag style={{ marginLeft: 8 }}>From other clients</Tag> : null}
          </>
        ) : (
          <Typography.Text type="secondary">Not sure yet</Typography.Text>
        ),
    },
    { title: 'Answers', dataIndex: 'answers', key: 'answers', align: 'right' },
    {
      title: 'Right',
      key: 'agreeing',
      align: 'right',
      render: (_v: unknown, p) => (p.suggestion ? <span title={`${p.agreeing} of ${p.answers} answers chose it`}>{percent(p.agreeing, p.answers)}</span> : '—'),
    },
    {
      title: 'Taken as suggested',
      key: 'accepted',
      align: 'right',
      render: (_v: unknown, p) => p.accepted,
    },
    { title: 'Last answer', key: 'last', render: (_v: unknown, p) => formatDate(p.last_answered) },
    {
      title: <span className="herd-visually-hidden">Make a rule</span>,
      key: 'make',
      align: 'right',
      render: (_v: unknown, p) => (
        <Button size="small" onClick={() => onMakeRule(p)} aria-label={`Make a rule for ${p.payee}`} {...guard}>
          Make a rule
        </Button>
      ),
    },
  ];
  if (patterns.isError) return <QueryError error={patterns.error} title="Could not load what Herd learned" onRetry={() => void patterns.refetch()} />;
  return (
    <Table<LearnedPattern>
      rowKey={(p) => `${p.direction}|${p.merchant_key}`}
      size="small"
      columns={columns}
      dataSource={patterns.data ?? []}
      {...tableLoading(
        patterns.isPending,
        (patterns.data?.length ?? 0) > 0,
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing learned yet: patterns appear as the client’s transactions are answered." />,
      )}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
};
