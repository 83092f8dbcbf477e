import type { ReactNode } from 'react';
import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { Paginated, Receipt } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { ReadValue, ReceiptThumbnail, ReceiptTotal } from '../receipt-cells';
import { matchWords, RECEIPT_SOURCE_LABELS } from '../receipt-words';
import { tableLoading } from '../../../ui/table-loading';

interface ReceiptsTableProps {
  label: string;
  page: Paginated<Receipt> | undefined;
  loading: boolean;
  pageNumber: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The row's own buttons (edit, hide, send back…). */
  actions: (receipt: Receipt) => ReactNode;
  selected?: number[];
  onSelect?: (pks: number[]) => void;
  /** The firm's inbox shows no company; a company's lists need not repeat theirs. */
  extraColumn?: { title: string; render: (receipt: Receipt) => ReactNode };
  /** Opens the receipt (its drawer): the thumbnail and a click on the row do, instead of the thumbnail opening the bare file. */
  onOpen?: (receipt: Receipt) => void;
}

/** A click on the row's own controls (its checkbox, a button, a link) is theirs, not the row's. */
const onControl = (target: EventTarget) => target instanceof Element && target.closest('button, a, input, label, .ant-checkbox-wrapper') !== null;

const Flags = ({ receipt }: { receipt: Receipt }) => (
  <Flex gap={4} wrap>
    {receipt.duplicate_of !== null ? <Tag color="red">Possible duplicate</Tag> : null}
    {receipt.read_state === 'PENDING' ? <Tag>Not read yet</Tag> : null}
    {receipt.read_state === 'FAILED' ? (
      // Why, on hover: the reading's own words ("The image is blank.", "Reading the file took longer than 30 s.").
      <Tooltip title={receipt.read_error}>
        <Tag color="orange">Could not be read</Tag>
      </Tooltip>
    ) : null}
    <Tag color={receipt.transaction !== null ? 'green' : undefined}>{matchWords(receipt)}</Tag>
    {receipt.notes_count ? <Tag color="blue">{receipt.notes_count === 1 ? '1 note' : `${receipt.notes_count} notes`}</Tag> : null}
  </Flex>
);

/** One list of receipts: what was read, who sent it and how, and where it stands. */
export const ReceiptsTable = ({ label, page, loading, pageNumber, pageSize, onPage, actions, selected, onSelect, extraColumn, onOpen }: ReceiptsTableProps) => (
  <Table<Receipt>
    aria-label={label}
    rowKey="pk"
    size="middle"
    {...tableLoading(loading, (page?.results.length ?? 0) > 0, 'No receipts here.')}
    dataSource={page?.results ?? []}
    scroll={{ x: 'max-content' }}
    rowSelection={onSelect ? { selectedRowKeys: selected ?? [], onChange: (keys) => onSelect(keys.map(Number)) } : undefined}
    pagination={{ current: pageNumber, pageSize, total: page?.count ?? 0, onChange: onPage, showSizeChanger: false, hideOnSinglePage: true }}
    onRow={onOpen ? (r) => ({ onClick: (event) => !onControl(event.target) && onOpen(r), style: { cursor: 'pointer' } }) : undefined}
    columns={[
      { title: 'Receipt', key: 'file', width: 64, render: (_v, r) => <ReceiptThumbnail receipt={r} onOpen={onOpen && (() => onOpen(r))} /> },
      {
        title: 'Vendor',
        key: 'vendor',
        render: (_v, r) => (
          <Flex vertical gap={2}>
            <ReadValue field={r.vendor} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.file.name}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: 'Date', key: 'date', render: (_v, r) => <ReadValue field={r.date} text={r.date.value ? formatDate(r.date.value) : undefined} /> },
      { title: 'Total', key: 'total', render: (_v, r) => <ReceiptTotal receipt={r} /> },
      ...(extraColumn ? [{ title: extraColumn.title, key: 'extra', render: (_v: unknown, r: Receipt) => extraColumn.render(r) }] : []),
      {
        title: 'From',
        key: 'from',
        render: (_v, r) => (
          <Flex vertical gap={2}>
            <span>{r.uploaded_by?.name ?? 'Unknown'}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {RECEIPT_SOURCE_LABELS[r.source]} · {formatDate(r.created_at)}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: 'State', key: 'state', render: (_v, r) => <Flags receipt={r} /> },
      { title: '', key: 'actions', render: (_v, r) => <Flex gap={4}>{actions(r)}</Flex> },
    ]}
  />
);
