import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { Receipt } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { fieldOrigin, isUnsure, matchWords, READ_STATE_WORDS, receiptTotal } from '../receipt-words';
import { ReceiptThumbnail } from './receipt-thumbnail';

interface ReceiptRowProps {
  receipt: Receipt;
  /** Opens the receipt; without it the row is only shown. */
  onOpen?: () => void;
  /** Actions beside the row (unhide). */
  extra?: ReactNode;
}

/** What was read, with how sure, in one short line a phone can hold. */
const readSummary = (receipt: Receipt): string => {
  const byHand = [receipt.vendor, receipt.date, receipt.total].some((field) => field.edited && field.value !== null);
  // What a person typed counts for more than an engine that has not (or could not) read the file.
  if (receipt.read_state !== 'READ') return byHand ? 'Entered by hand' : READ_STATE_WORDS[receipt.read_state];
  const unsure = [receipt.vendor, receipt.date, receipt.total].filter(isUnsure).length;
  if (unsure > 0) return `Read: ${unsure} ${unsure === 1 ? 'field' : 'fields'} to check`;
  return `Read (${fieldOrigin(receipt.total) ?? 'total missing'})`;
};

/** One receipt in a list: its picture, vendor, date and total, what the reading made of it and where it stands. */
export const ReceiptRow = ({ receipt, onOpen, extra }: ReceiptRowProps) => {
  const total = receiptTotal(receipt);
  const body = (
    <Flex gap={12} align="center" style={{ minWidth: 0, flex: 1 }}>
      <ReceiptThumbnail receipt={receipt} />
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
            {receipt.vendor.value ?? receipt.file.name}
          </Typography.Text>
          <Typography.Text strong style={{ flex: 'none' }}>
            {total ?? '—'}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {receipt.date.value ? formatDate(receipt.date.value) : 'No date'} · {readSummary(receipt)}
        </Typography.Text>
        <Flex gap={4} wrap>
          <Tag color={receipt.transaction !== null ? 'green' : undefined}>{matchWords(receipt)}</Tag>
          {receipt.duplicate_of !== null ? <Tag color="orange">Possible duplicate</Tag> : null}
          {receipt.source === 'EMAIL' ? <Tag>By email</Tag> : null}
          {receipt.notes_count > 0 ? (
            <Tag icon={<MessageOutlined />}>
              {receipt.notes_count} {receipt.notes_count === 1 ? 'note' : 'notes'}
            </Tag>
          ) : null}
        </Flex>
      </Flex>
    </Flex>
  );
  return (
    <li data-testid="receipt-row" style={{ listStyle: 'none', borderBottom: '1px solid #eef1ef' }}>
      <Flex align="center" gap={8} style={{ padding: '10px 16px' }}>
        {onOpen ? (
          <button
            type="button"
            onClick={onOpen}
            aria-label={`Open receipt ${receipt.vendor.value ?? receipt.file.name}`}
            style={{ all: 'unset', cursor: 'pointer', display: 'flex', flex: 1, minWidth: 0, minHeight: 44 }}
          >
            {body}
          </button>
        ) : (
          body
        )}
        {extra}
      </Flex>
    </li>
  );
};
