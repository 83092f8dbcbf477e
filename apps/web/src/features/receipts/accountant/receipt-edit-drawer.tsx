import { useState } from 'react';
import { Button, Divider, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import type { Receipt, ReceiptChange } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { ChangesOnly, useReadOnly } from '../../billing/read-only-guard';
import { FormAlert } from '../../../ui/form-alert';
import { ConfidenceTag } from '../receipt-cells';
import { ReceiptNotes } from '../components/receipt-notes';

interface Values {
  vendor: string;
  date: string;
  total: string;
  currency: string;
  note: string;
  client_company?: number;
}
const FIELDS = ['vendor', 'date', 'total', 'currency', 'note', 'client_company'] as const;
// The server names a field of the first (only) receipt sent: `receipts.0.total`.
const ALIASES = Object.fromEntries(FIELDS.map((field) => [`receipts.0.${field}`, field]));

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

const valuesOf = (r: Receipt): Values => ({
  vendor: r.vendor.value ?? '',
  date: r.date.value ?? '',
  total: r.total.value ?? '',
  currency: r.currency.value ?? '',
  note: r.note,
  client_company: r.client_company?.pk,
});

/** A read field sent only when changed; emptied, it is cleared (`null`). */
const changed = (before: string, after: string | undefined) => {
  const value = (after ?? '').trim();
  if (value === before) return undefined;
  return value === '' ? null : value;
};

const EditForm = ({ receipt, onClose, save, saving, companies, inInbox }: ReceiptEditDrawerProps & { receipt: Receipt }) => {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const { readOnly } = useReadOnly();
  const before = valuesOf(receipt);
  const submit = (values: Values) => {
    const change: ReceiptChange = { pk: receipt.pk };
    for (const field of ['vendor', 'date', 'total', 'currency'] as const) {
      const value = changed(before[field], values[field]);
      if (value !== undefined) change[field] = value;
    }
    if ((values.note ?? '') !== before.note) change.note = values.note ?? '';
    if (values.client_company !== undefined && values.client_company !== before.client_company) change.client_company = values.client_company;
    setProblem(null);
    save(change).then(onClose, (error: unknown) => setProblem(applyServerErrors(form, error, FIELDS, ALIASES)));
  };
  return (
    <ChangesOnly>
      <FormAlert message={problem} />
      <Form form={form} layout="vertical" initialValues={before} onFinish={submit} aria-label="Receipt fields">
        <Form.Item
          name="vendor"
          label={
            <Flex gap={6}>
              Vendor <ConfidenceTag field={receipt.vendor} />
            </Flex>
          }
        >
          <Input maxLength={200} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="date"
            label={
              <Flex gap={6}>
                Date <ConfidenceTag field={receipt.date} />
              </Flex>
            }
            style={{ flex: '1 1 140px' }}
          >
            <Input placeholder="YYYY-MM-DD" />
          </Form.Item>
          <Form.Item
            name="total"
            label={
              <Flex gap={6}>
                Total <ConfidenceTag field={receipt.total} />
              </Flex>
            }
            style={{ flex: '1 1 120px' }}
          >
            <Input inputMode="decimal" placeholder="0.00" />
          </Form.Item>
          <Form.Item name="currency" label="Currency" style={{ flex: '0 1 100px' }}>
            <Input maxLength={3} placeholder="USD" />
          </Form.Item>
        </Flex>
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
        <EditForm key={props.receipt.pk} {...props} receipt={props.receipt} />
        {props.inInbox ? null : (
          <>
            <Divider />
            <Typography.Title level={5}>Notes</Typography.Title>
            <ReceiptNotes receiptPk={props.receipt.pk} />
          </>
        )}
      </>
    ) : null}
  </Drawer>
);
