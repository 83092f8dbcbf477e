import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { EyeInvisibleOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { Receipt, ReceiptChange } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { ChangesOnly } from '../../billing/read-only-guard';
import { ReceiptNotes } from '../components/receipt-notes';
import { ReceiptThumbnail } from '../components/receipt-thumbnail';
import { fieldOrigin, matchWords } from '../receipt-words';
import { clientReceiptKeys, useHideClientReceipts, useUpdateClientReceipt } from './client-receipts-api';

interface Values {
  vendor: string;
  date: string;
  total: string;
  currency: string;
}

const valuesOf = (receipt: Receipt): Values => ({
  vendor: receipt.vendor.value ?? '',
  date: receipt.date.value ?? '',
  total: receipt.total.value ?? '',
  currency: receipt.currency.value ?? '',
});

/** Only what the person changed is sent: a field left alone keeps its reading and its confidence. */
const changeOf = (receipt: Receipt, values: Values): ReceiptChange => {
  const before = valuesOf(receipt);
  const change: ReceiptChange = { pk: receipt.pk };
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  if (values.vendor !== before.vendor) change.vendor = text(values.vendor);
  if (values.date !== before.date) change.date = text(values.date);
  if (values.total !== before.total) change.total = text(values.total);
  if (values.currency !== before.currency) change.currency = text(values.currency);
  return change;
};

const Origin = ({ field }: { field: Receipt['vendor'] }) => {
  const words = fieldOrigin(field);
  return words ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{` (${words})`}</Typography.Text> : null;
};

interface ReceiptEditorProps {
  companyPk: number;
  receipt: Receipt | null;
  onClose: () => void;
}

/** One receipt opened: its file, its fields to correct, done or hide, and the notes with the accountant. */
export const ReceiptEditor = ({ companyPk, receipt, onClose }: ReceiptEditorProps) => {
  const phone = usePhoneLayout();
  return (
    <Drawer open={receipt !== null} onClose={onClose} title="Receipt" size={phone ? '100%' : 480} destroyOnHidden>
      {receipt ? <EditorBody key={receipt.pk} companyPk={companyPk} receipt={receipt} onClose={onClose} /> : null}
    </Drawer>
  );
};

const EditorBody = ({ companyPk, receipt, onClose }: { companyPk: number; receipt: Receipt; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateClientReceipt(companyPk);
  const hide = useHideClientReceipts(companyPk);
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const active = !receipt.is_hidden && ['READY', 'PROCESSING', 'SYNC_ERROR'].includes(receipt.status);

  const save = (finished: boolean) => {
    const change = { ...changeOf(receipt, form.getFieldsValue()), ...(finished ? { finished: true as const } : {}) };
    setError(null);
    update.mutate(change, { onSuccess: onClose, onError: (e) => setError(serverErrorText(e)) });
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center">
        <ReceiptThumbnail receipt={receipt} />
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis>{receipt.file.name}</Typography.Text>
          <Typography.Link href={receipt.file.url} target="_blank" rel="noreferrer">
            <FileSearchOutlined /> Open the file
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {matchWords(receipt)}
            {receipt.duplicate_of !== null ? ' · possibly a duplicate of an earlier receipt' : ''}
          </Typography.Text>
        </Flex>
      </Flex>
      {receipt.read_state === 'PENDING' ? <Alert type="info" showIcon message="Not read yet: fill in what you know." /> : null}
      {receipt.read_state === 'FAILED' ? <Alert type="warning" showIcon message="This file could not be read: fill in what you know." /> : null}
      <ChangesOnly>
        <Form form={form} layout="vertical" initialValues={valuesOf(receipt)} onFinish={() => save(false)} disabled={!active}>
          <Form.Item
            name="vendor"
            label={
              <span>
                Vendor
                <Origin field={receipt.vendor} />
              </span>
            }
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
          <Flex gap={12} wrap>
            <Form.Item
              name="date"
              label={
                <span>
                  Date
                  <Origin field={receipt.date} />
                </span>
              }
              style={{ flex: '1 1 150px' }}
            >
              <Input type="date" />
            </Form.Item>
            <Form.Item
              name="total"
              label={
                <span>
                  Total
                  <Origin field={receipt.total} />
                </span>
              }
              style={{ flex: '1 1 110px' }}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="currency" label="Currency" style={{ flex: '0 1 90px' }}>
              <Input maxLength={3} placeholder="USD" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Flex>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
          {active ? (
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={update.isPending && !update.variables?.finished}>
                Save
              </Button>
              <Button onClick={() => save(true)} loading={update.isPending && update.variables?.finished === true}>
                Save and mark done
              </Button>
              <Popconfirm
                title="Hide this receipt?"
                description="It moves to your hidden receipts."
                okText="Hide"
                onConfirm={() => hide.mutate([receipt.pk], { onSuccess: onClose, onError: (e) => setError(serverErrorText(e)) })}
              >
                <Button icon={<EyeInvisibleOutlined />} loading={hide.isPending}>
                  Hide
                </Button>
              </Popconfirm>
            </Flex>
          ) : null}
        </Form>
      </ChangesOnly>
      <ReceiptNotes receiptPk={receipt.pk} onWritten={() => client.invalidateQueries({ queryKey: clientReceiptKeys.company(companyPk) })} />
    </Flex>
  );
};
