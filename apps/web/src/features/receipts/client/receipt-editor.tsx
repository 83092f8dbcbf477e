import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Form, Popconfirm, Typography } from 'antd';
import { EyeInvisibleOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { Receipt, ReceiptChange } from '@herd/contract';
import { applyServerErrors, serverErrorText } from '../../../lib/form-errors';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useOwnCompany } from '../../client-side/api';
import { changedReadFields, READ_FIELD_NAMES, readFieldValues, ReceiptFieldRows, serverFieldAliases, type ReadFieldValues } from '../components/receipt-field-rows';
import { ReceiptMatches } from '../components/receipt-matches';
import { ReceiptNotes } from '../components/receipt-notes';
import { ReceiptThumbnail } from '../components/receipt-thumbnail';
import { matchWords } from '../receipt-words';
import { clientReceiptKeys, useHideClientReceipts, useUpdateClientReceipt } from './client-receipts-api';

const ALIASES = serverFieldAliases(READ_FIELD_NAMES);

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
  const [form] = Form.useForm<ReadFieldValues>();
  const update = useUpdateClientReceipt(companyPk);
  const hide = useHideClientReceipts(companyPk);
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // Matching attaches the receipt's file to the charge: only for a client who may add attachments (the company page has
  // usually read the company already). Waits while it is read; if it cannot be read, the server decides.
  const company = useOwnCompany(companyPk);
  const mayMatch = company.isPending ? null : company.data ? company.data.client_editable_fields.includes('attachments') : true;
  const active = !receipt.is_hidden && ['READY', 'PROCESSING', 'SYNC_ERROR'].includes(receipt.status);

  const save = (finished: boolean) => {
    const change: ReceiptChange = { pk: receipt.pk, ...changedReadFields(receipt, form.getFieldsValue()), ...(finished ? { finished: true as const } : {}) };
    setError(null);
    update.mutate(change, { onSuccess: onClose, onError: (e) => setError(applyServerErrors(form, e, READ_FIELD_NAMES, ALIASES)) });
  };
  // "Save and mark done" is no submit button: its fields are checked here, as Save's are by the form (a total that is no amount).
  const saveDone = () =>
    form.validateFields().then(
      () => save(true),
      () => undefined,
    );

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
      {receipt.read_state === 'FAILED' ? (
        <Alert type="warning" showIcon message="This file could not be read: fill in what you know." description={receipt.read_error ?? undefined} />
      ) : null}
      <ChangesOnly>
        <Form form={form} layout="vertical" initialValues={readFieldValues(receipt)} onFinish={() => save(false)} disabled={!active}>
          <ReceiptFieldRows receipt={receipt} />
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
          {active ? (
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={update.isPending && !update.variables?.finished}>
                Save
              </Button>
              <Button onClick={() => void saveDone()} loading={update.isPending && update.variables?.finished === true}>
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
      <ReceiptMatches receipt={receipt} mayMatch={mayMatch} />
      <ReceiptNotes receiptPk={receipt.pk} onWritten={() => client.invalidateQueries({ queryKey: clientReceiptKeys.company(companyPk) })} />
    </Flex>
  );
};
