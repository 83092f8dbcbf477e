import { useState } from 'react';
import { App, Button, Card, Form, Select, Switch } from 'antd';
import type { KarbonSettings } from '@herd/contract/karbon';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { useKarbonLists, useSaveKarbonSettings } from '../api';

const FIELDS = [
  'note_on_transactions_answered',
  'note_on_request_answered',
  'note_on_receipts_arrived',
  'work_item_on_request_sent',
  'work_item_on_sync_error',
  'work_item_on_call_due',
  'work_type',
  'work_status',
  'assignee',
  'assignee_email',
  'import_receipts',
] as const;

const SWITCHES: { name: (typeof FIELDS)[number]; label: string }[] = [
  { name: 'note_on_transactions_answered', label: 'A note on the client’s timeline when they finish transactions' },
  { name: 'note_on_request_answered', label: 'A note when they answer a request' },
  { name: 'note_on_receipts_arrived', label: 'A note when they send receipts' },
  { name: 'work_item_on_request_sent', label: 'A work item when the firm sends a request' },
  { name: 'work_item_on_sync_error', label: 'A work item when the ledger refuses transactions' },
  { name: 'work_item_on_call_due', label: 'A work item to call a client whose questions went unanswered through the reminder ladder' },
  { name: 'import_receipts', label: 'Photos and PDFs filed on the client in Karbon become their receipts in Herd' },
];

const ASSIGNEES = [
  { value: 'ASSIGNED_TEAM_MEMBER', label: 'The client’s assigned team member (else a firm admin)' },
  { value: 'FIRM_ADMIN', label: 'A firm admin' },
  { value: 'USER', label: 'One Karbon user' },
];

/** What Herd writes to Karbon, firm-wide (a client company can differ). */
export const KarbonSettingsForm = ({ settings }: { settings: KarbonSettings }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<KarbonSettings>();
  const [error, setError] = useState<string | null>(null);
  const lists = useKarbonLists(true);
  const save = useSaveKarbonSettings();
  const assignee = Form.useWatch('assignee', form);
  const onFinish = (values: KarbonSettings) => {
    setError(null);
    save.mutate(
      {
        ...settings,
        ...values,
        work_type: values.work_type ?? null,
        work_status: values.work_status ?? null,
        assignee_email: values.assignee === 'USER' ? (values.assignee_email ?? null) : null,
      },
      { onSuccess: () => void message.success('Karbon settings saved.'), onError: (failure) => setError(applyServerErrors(form, failure, FIELDS)) },
    );
  };
  return (
    <Card title="What Herd writes to Karbon">
      <FormAlert message={error} />
      <Form form={form} layout="vertical" requiredMark={false} name="karbon-settings" initialValues={settings} onFinish={onFinish} style={{ maxWidth: 640 }}>
        {SWITCHES.map(({ name, label }) => (
          <Form.Item key={name} name={name} label={label} valuePropName="checked" style={{ marginBottom: 12 }}>
            <Switch checkedChildren="On" unCheckedChildren="Off" />
          </Form.Item>
        ))}
        <Form.Item label="Work type of the work items" name="work_type">
          <Select allowClear placeholder="None" loading={lists.isPending} options={(lists.data?.work_types ?? []).map((w) => ({ value: w.name, label: w.name }))} />
        </Form.Item>
        <Form.Item label="Work status they start in" name="work_status">
          <Select
            allowClear
            placeholder="Karbon’s default"
            loading={lists.isPending}
            options={(lists.data?.work_statuses ?? []).map((s) => ({ value: s.name, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label="Work items and notes go to" name="assignee">
          <Select options={ASSIGNEES} />
        </Form.Item>
        {assignee === 'USER' ? (
          <Form.Item label="Karbon user" name="assignee_email">
            <Select
              loading={lists.isPending}
              options={(lists.data?.users ?? []).map((u) => ({ value: u.email, label: `${u.name} (${u.email})${u.member ? '' : ' – not in the firm'}` }))}
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
};
