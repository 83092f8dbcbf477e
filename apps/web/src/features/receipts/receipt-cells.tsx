import { FileOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import type { Receipt } from '@herd/contract';
import { formatMoney } from '../transactions/money';
import { confidenceWords } from './receipt-words';

const picture = (receipt: Receipt) =>
  receipt.thumbnail ? (
    <img src={receipt.thumbnail.url} alt="" style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4, border: '1px solid #e5e7e5' }} />
  ) : (
    <Flex align="center" justify="center" style={{ width: 48, height: 48, borderRadius: 4, background: '#f4f5f4' }}>
      <FileOutlined style={{ fontSize: 20, color: '#5f6b66' }} />
    </Flex>
  );

/**
 * A small picture of the receipt (once read), else a file icon. It opens the receipt where the list
 * has somewhere to open it (`onOpen`: its drawer, with the file, its match and notes), else the file.
 */
export const ReceiptThumbnail = ({ receipt, onOpen }: { receipt: Receipt; onOpen?: () => void }) =>
  onOpen ? (
    <button type="button" onClick={onOpen} aria-label={`Open receipt ${receipt.file.name}`} style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}>
      {picture(receipt)}
    </button>
  ) : (
    <a href={receipt.file.url} target="_blank" rel="noreferrer" aria-label={`Open ${receipt.file.name}`}>
      {picture(receipt)}
    </a>
  );

/** How sure Herd is of a value it read; a person's value needs no such word. */
export const ConfidenceTag = ({ field }: { field: Receipt['vendor'] }) => {
  const words = confidenceWords(field);
  return words ? <Tag color={words.sure ? 'green' : 'orange'}>{words.text}</Tag> : null;
};

/** A read value, or a dash while nobody has read or typed it. */
export const ReadValue = ({ field, text }: { field: Receipt['vendor']; text?: string }) =>
  field.value === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Flex gap={4} wrap align="center">
      <span>{text ?? field.value}</span>
      <ConfidenceTag field={field} />
    </Flex>
  );

export const ReceiptTotal = ({ receipt }: { receipt: Receipt }) => (
  <ReadValue field={receipt.total} text={receipt.total.value === null ? undefined : formatMoney(receipt.total.value, receipt.currency.value ?? '')} />
);
