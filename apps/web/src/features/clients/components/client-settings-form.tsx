import { useState } from 'react';
import { App, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CLIENT_EDITABLE_FIELDS,
  FINISH_FIELDS,
  clientCompanyUpdateBody,
  reminderSchedule,
  type ClientCompany,
  type ClientCompanyUpdateBody,
  type FinishRule,
} from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useCoworkers } from '../../team/api';
import { useUpdateClient, useUpdateSyncDate } from '../api';
import { ClientFieldsInput, type ClientFields } from './client-fields-input';
import { useChangeGuard } from '../../billing/read-only-guard';

interface Values {
  name: string;
  sync_date: Dayjs | null;
  pinned_note: string;
  reminders_enabled: boolean;
  every_days: number | null;
  client_fields: ClientFields;
  category_or_explanation: boolean;
  assigned_members: number[];
}

const FIELDS = ['name', 'sync_date', 'pinned_note', 'reminders_enabled', 'every_days', 'client_fields', 'category_or_explanation', 'assigned_members'] as const;
// The API nests the reminder schedule; the form shows its two parts as separate fields.
const ALIASES = {
  reminder_schedule: 'every_days',
  'reminder_schedule.every_days': 'every_days',
  'reminder_schedule.enabled': 'reminders_enabled',
  // Who may set what and what finishing needs are one control.
  client_editable_fields: 'client_fields',
  finish_rule: 'client_fields',
  'finish_rule.required': 'client_fields',
  'finish_rule.category_or_explanation': 'category_or_explanation',
};
const shape = clientCompanyUpdateBody.shape;
const rules = {
  name: [zodRule(shape.name.unwrap())],
  pinned_note: [zodRule(shape.pinned_note.unwrap())],
  every_days: [zodRule(reminderSchedule.shape.every_days)],
};
const DATE_FORMAT = 'YYYY-MM-DD';

const sameItems = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item) => b.includes(item));

const valuesOf = (company: ClientCompany): Values => ({
  name: company.name,
  sync_date: company.sync_date ? dayjs(company.sync_date) : null,
  pinned_note: company.pinned_note,
  reminders_enabled: company.reminder_schedule.enabled,
  every_days: company.reminder_schedule.every_days,
  client_fields: { editable: company.client_editable_fields, required: company.finish_rule.required },
  category_or_explanation: company.finish_rule.category_or_explanation,
  assigned_members: company.assigned_members.map((member) => member.pk),
});

/**
 * Only what changed is sent, so two people editing different settings of
 * the same client do not overwrite each other.
 */
export const changesOf = (company: ClientCompany, values: Values, canAssign: boolean) => {
  const body: ClientCompanyUpdateBody = {};
  if (values.name !== company.name) body.name = values.name;
  if (values.pinned_note !== company.pinned_note) body.pinned_note = values.pinned_note;
  const every = values.every_days ?? company.reminder_schedule.every_days;
  if (values.reminders_enabled !== company.reminder_schedule.enabled || every !== company.reminder_schedule.every_days) {
    body.reminder_schedule = { enabled: values.reminders_enabled, every_days: every };
  }
  if (!sameItems(values.client_fields.editable, company.client_editable_fields)) {
    body.client_editable_fields = CLIENT_EDITABLE_FIELDS.filter((field) => values.client_fields.editable.includes(field));
  }
  const rule: FinishRule = {
    category_or_explanation: values.category_or_explanation,
    required: FINISH_FIELDS.filter((field) => values.client_fields.required.includes(field)),
  };
  if (rule.category_or_explanation !== company.finish_rule.category_or_explanation || !sameItems(rule.required, company.finish_rule.required)) body.finish_rule = rule;
  const assigned = company.assigned_members.map((member) => member.pk);
  if (canAssign && !sameItems(values.assigned_members, assigned)) body.assigned_members = values.assigned_members;
  const syncDate = values.sync_date ? values.sync_date.format(DATE_FORMAT) : null;
  return { body, syncDate: syncDate === company.sync_date ? undefined : syncDate };
};

interface ClientSettingsFormProps {
  company: ClientCompany;
  /** Assigning team members is for FIRM_ADMIN and CLIENT_ADMIN. */
  canAssign: boolean;
}

/** A client company's own settings: name, sync date, pinned note, reminders, client permissions, team. */
export const ClientSettingsForm = ({ company, canAssign }: ClientSettingsFormProps) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateClient(company.pk);
  const updateSyncDate = useUpdateSyncDate(company.pk);
  const coworkers = useCoworkers();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending || updateSyncDate.isPending;
  const guard = useChangeGuard();

  const onFinish = async (values: Values) => {
    setError(null);
    const { body, syncDate } = changesOf(company, values, canAssign);
    if (Object.keys(body).length === 0 && syncDate === undefined) {
      void message.info('Nothing to save: no setting changed');
      return;
    }
    try {
      if (Object.keys(body).length > 0) await update.mutateAsync(body);
      if (syncDate !== undefined) await updateSyncDate.mutateAsync(syncDate);
      void message.success('Client settings saved');
    } catch (err) {
      setError(applyServerErrors(form, err, FIELDS, ALIASES));
    }
  };

  const memberOptions = (coworkers.data ?? []).map((c) => ({ value: c.pk, label: `${c.first_name} ${c.last_name}`.trim() || c.email }));

  return (
    <Card title="Settings" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="client-settings"
        initialValues={valuesOf(company)}
        onFinish={(values) => void onFinish(values)}
        style={{ maxWidth: 720 }}
        disabled={guard.disabled}
      >
        <FormAlert message={error} />
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item label="Name" name="name" rules={rules.name}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="Sync date" name="sync_date" extra="Transactions dated from this day on are pulled in.">
              <DatePicker format="MMM D, YYYY" style={{ width: '100%' }} placeholder="Not set" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Pinned note" name="pinned_note" rules={rules.pinned_note} extra="Shown at the top of the client’s dashboard and in their reminder emails.">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Row gutter={16} align="bottom">
          <Col xs={24} sm={10}>
            <Form.Item label="Reminders" name="reminders_enabled" valuePropName="checked" extra="Emails the client while work waits.">
              <Switch checkedChildren="On" unCheckedChildren="Off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item label="Reminder interval" name="every_days" rules={rules.every_days} extra="Between 1 and 90 days.">
              <InputNumber precision={0} prefix="Every" suffix="days" style={{ width: 200 }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Fields the client may set"
          name="client_fields"
          extra="A field the client must fill before they can mark a transaction done is “Required to finish”; only fields they may set can be."
        >
          <ClientFieldsInput />
        </Form.Item>
        <Form.Item
          name="category_or_explanation"
          valuePropName="checked"
          extra="The client finishes with a category on every line, or with a memo or an attachment saying what it was; you categorize the rest during review."
        >
          <Checkbox>Tell us what this was</Checkbox>
        </Form.Item>
        {canAssign ? (
          <Form.Item label="Assigned team members" name="assigned_members" extra="Team members see only the clients assigned to them.">
            <Select
              mode="multiple"
              options={memberOptions}
              loading={coworkers.isPending}
              placeholder="Nobody assigned"
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={coworkers.isError ? 'Could not load your team' : undefined}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Assigned team members" extra="Only admins can change who is assigned.">
            <Typography.Text>{company.assigned_members.map((member) => member.name || member.email).join(', ') || 'Nobody assigned'}</Typography.Text>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={saving} title={guard.title}>
          Save settings
        </Button>
      </Form>
    </Card>
  );
};
