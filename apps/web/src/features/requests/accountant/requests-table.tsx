import type { ReactNode } from 'react';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { Communication, Paginated } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { answerProgress } from '../components/request-moves';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_COLORS, REQUEST_STATUS_WORDS } from '../components/request-words';
import { tableLoading } from '../../../ui/table-loading';

interface RequestsTableProps {
  label: string;
  page: Paginated<Communication> | undefined;
  loading: boolean;
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpen: (c: Communication) => void;
  /** The row's own buttons besides Open (reopen, unhide…). */
  actions?: (c: Communication) => ReactNode;
  selected?: number[];
  onSelect?: (pks: number[]) => void;
}

const Due = ({ c }: { c: Communication }) =>
  c.due_date === null ? (
    <Typography.Text type="secondary">None</Typography.Text>
  ) : c.overdue ? (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type="danger">{formatDate(c.due_date)}</Typography.Text>
      <Tag color="red">Overdue</Tag>
    </Flex>
  ) : (
    <span>{formatDate(c.due_date)}</span>
  );

const Answered = ({ c }: { c: Communication }) => {
  const p = answerProgress(c);
  return (
    <Flex vertical gap={2}>
      <span>{p.answered ? 'Answered' : p.itemsAnswered ? 'Partly answered' : 'Not answered'}</span>
      {p.itemsTotal ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {p.itemsAnswered} of {p.itemsTotal} items
        </Typography.Text>
      ) : null}
    </Flex>
  );
};

/** One list of requests: what was asked, where it stands, when it is due and what the client answered. */
export const RequestsTable = ({ label, page, loading, pageNumber, pageSize, onPage, onOpen, actions, selected, onSelect }: RequestsTableProps) => (
  <Table<Communication>
    aria-label={label}
    rowKey="pk"
    size="middle"
    {...tableLoading(loading, (page?.results.length ?? 0) > 0, 'No requests here.')}
    dataSource={page?.results ?? []}
    scroll={{ x: 'max-content' }}
    rowSelection={onSelect ? { selectedRowKeys: selected ?? [], onChange: (keys) => onSelect(keys.map(Number)) } : undefined}
    pagination={{ current: pageNumber, pageSize, total: page?.count ?? 0, onChange: onPage, showSizeChanger: false, hideOnSinglePage: true }}
    columns={[
      {
        title: 'Subject',
        key: 'subject',
        render: (_v, c) => (
          <Flex vertical gap={2}>
            <Typography.Link onClick={() => onOpen(c)}>{c.subject}</Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.sender === 'CLIENT' ? `From the client${c.author ? ` (${c.author.name})` : ''}` : c.author ? `By ${c.author.name}` : 'From a schedule'} ·{' '}
              {formatDate(c.created_at)}
              {c.notes_count ? ` · ${c.notes_count === 1 ? '1 note' : `${c.notes_count} notes`}` : ''}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: 'Kind', key: 'kind', render: (_v, c) => REQUEST_KIND_LABELS[c.kind] },
      { title: 'Status', key: 'status', render: (_v, c) => <Tag color={REQUEST_STATUS_COLORS[c.status]}>{REQUEST_STATUS_WORDS[c.status]}</Tag> },
      { title: 'Due', key: 'due', render: (_v, c) => <Due c={c} /> },
      { title: 'Answers', key: 'answers', render: (_v, c) => <Answered c={c} /> },
      {
        title: '',
        key: 'actions',
        render: (_v, c) => (
          <Flex gap={4}>
            <Button size="small" onClick={() => onOpen(c)} aria-label={`Open ${c.subject}`}>
              Open
            </Button>
            {actions?.(c)}
          </Flex>
        ),
      },
    ]}
  />
);
