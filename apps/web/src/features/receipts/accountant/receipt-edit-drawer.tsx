import { useState } from 'react';
import { Button, Divider, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import type { Receipt, ReceiptChange } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { FormAlert } from '../../../ui/form-alert';
import { changedReadFields, READ_FIELD_NAMES, readFieldValues, ReceiptFieldRows, serverFieldAliases, type ReadFieldValues } from '../components/receipt-field-rows';
import { ReceiptMatches } from '../components/receipt-matches';
import { ReceiptNotes } from '../components/receipt-notes';
import { ReceiptThumbnail } from '../receipt-cells';
import { transactionAddress } from './transaction-address';

interface Values extends ReadFieldValues {
  note: string;
  client_company?: number;
}
const FIELDS = [...READ_FIELD_NAMES, 'note', 'client_company'] as const;
const ALIASES = serverFieldAliases(FIELDS);

interface ReceiptEditDrawerProps {
  receipt: Receipt | null;
  onClose: () => void;
  /** Sends the change; resolves when saved, rejects with the server's answer. */
  save: (change: ReceiptChange) => Promise<unknown>;
  saving: boolean;
  /** The companies it can be given or moved to; none hides the choice. */
  companies?: { pk: number; name: string }[];
  /** The firm's inbox: the receipt has no company yet, and giving it one is the point. */
  inInbox?: boolean;
}

const valuesOf = (r: Receipt): Values => ({ ...readFieldValues(r), note: r.note, client_company: r.client_company?.pk });

const EditForm = ({ receipt, onClose, save, saving, companies, inInbox }: ReceiptEditDrawerProps & { receipt: Receipt }) => {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const { readOnly } = useReadOnly();
  const before = valuesOf(receipt);
  const submit = (values: Values) => {
    const change: ReceiptChange = { pk: receipt.pk, ...changedReadFields(receipt, values) };
    if ((values.note ?? '') !== before.note) change.note = values.note ?? '';
    if (values.client_company !== undefined && values.client_company !== before.client_company) change.client_company = values.client_company;
    setProblem(null);
    save(change).then(onClose, (error: unknown) => setProblem(applyServerErrors(form, error, FIELDS, ALIASES)));
  };
  return (
    <ChangesOnly>
      <FormAlert message={problem} />
      <Form form={form} layout="vertical" initialValues={before} onFinish={submit} aria-label="Receipt fields">
        <ReceiptFieldRows receipt={receipt} />
        <Form.Item name="note" label="Client’s note">
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={2000} />
        </Form.Item>
        {companies?.length ? (
          <Form.Item
            name="client_company"
            label={inInbox ? 'Give to client' : 'Client company'}
            extra={inInbox ? undefined : 'Moving it takes its file and notes along; its duplicate flag and match stay behind.'}
          >
            <Select showSearch optionFilterProp="label" placeholder="Choose a client" options={companies.map((c) => ({ value: c.pk, label: c.name }))} />
          </Form.Item>
        ) : null}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving} disabled={readOnly}>
            Save
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </Flex>
      </Form>
    </ChangesOnly>
  );
};

/** Correcting what was read, the client's note, the company it belongs to, and the notes about it. */
export const ReceiptEditDrawer = (props: ReceiptEditDrawerProps) => (
  <Drawer
    open={props.receipt !== null}
    onClose={props.onClose}
    title={props.receipt ? `Receipt: ${props.receipt.file.name}` : 'Receipt'}
    width="min(480px, 100vw)"
    destroyOnHidden
  >
    {props.receipt ? (
      <>
        {/* The file itself, a tap away: a list whose thumbnail opens this drawer no longer opens the file. */}
        <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
          <ReceiptThumbnail receipt={props.receipt} />
          <Typography.Link href={props.receipt.file.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
            Open the file ({props.receipt.file.name})
          </Typography.Link>
        </Flex>
        <EditForm key={props.receipt.pk} {...props} receipt={props.receipt} />
        {props.inInbox ? null : (
          <>
            <Divider />
            <ReceiptMatches receipt={props.receipt} chargeAddress={transactionAddress} />
            <Divider />
            <Typography.Title level={5}>Notes</Typography.Title>
            <ReceiptNotes receiptPk={props.receipt.pk} mentionsAbout={props.receipt.client_company?.pk ?? null} />
          </>
        )}
      </>
    ) : null}
  </Drawer>
);
