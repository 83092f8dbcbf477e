import { useState } from 'react';
import { App, Button, Card, Checkbox, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CLIENT_EDITABLE_FIELDS, FINISH_FIELDS, clientCompanyUpdateBody, type ClientCompany, type ClientCompanyUpdateBody, type FinishRule } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useCoworkers } from '../../team/api';
import { useLedgerFields } from '../../transactions/api';
import { useUpdateClient, useUpdateSyncDate } from '../api';
import { ClientFieldsInput, type ClientFields } from './client-fields-input';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useFirmSettings } from '../../settings/api';
import { REMINDER_DAY_OPTIONS, reminderFieldsOf, reminderScheduleOf, sameSchedule, weekdayName, type ReminderFields } from './reminder-schedule-fields';
import { ReminderLadderFields } from './reminder-ladder-fields';

interface Values extends ReminderFields {
  name: string;
  sync_date: Dayjs | null;
  pinned_note: string;
  client_fields: ClientFields;
  category_or_explanation: boolean;
  assigned_members: number[];
}

const FIELDS = [
  'name',
  'sync_date',
  'pinned_note',
  'reminder_mode',
  'reminder_days',
  'text_after',
  'call_after',
  'client_fields',
  'category_or_explanation',
  'assigned_members',
] as const;
// The API nests the reminder schedule; the form shows its two parts as separate fields.
const ALIASES = {
  reminder_schedule: 'reminder_mode',
  'reminder_schedule.weekdays': 'reminder_days',
  'reminder_schedule.enabled': 'reminder_mode',
  'reminder_schedule.text_after_days': 'text_after',
  'reminder_schedule.call_after_days': 'call_after',
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
  reminder_days: [{ type: 'array' as const, min: 1, message: 'Choose at least one reminder day.' }],
};
const DATE_FORMAT = 'YYYY-MM-DD';

const sameItems = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item) => b.includes(item));

const valuesOf = (company: ClientCompany): Values => ({
  name: company.name,
  sync_date: company.sync_date ? dayjs(company.sync_date) : null,
  pinned_note: company.pinned_note,
  ...reminderFieldsOf(company.reminder_schedule),
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
  const schedule = reminderScheduleOf(values, company.reminder_schedule);
  if (!sameSchedule(schedule, company.reminder_schedule)) body.reminder_schedule = schedule;
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
  const ledgerFields = useLedgerFields(company.pk);
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending || updateSyncDate.isPending;
  const guard = useChangeGuard();
  const firm = useFirmSettings();
  const firmDay = firm.data ? weekdayName(firm.data.reminder_weekday) : null;

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
        <Form.Item
          label="Reminders"
          name="reminder_mode"
          extra="Each client user is emailed what waits on them (nothing is sent to someone with nothing open); while they leave it unanswered, the steps below follow."
        >
          <Select
            options={[
              { value: 'firm', label: `Weekly on the firm’s reminder day${firmDay ? ` (${firmDay})` : ''}` },
              { value: 'custom', label: 'On days chosen for this client' },
              { value: 'off', label: 'Off' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['reminder_mode']}>
          {({ getFieldValue }) =>
            getFieldValue('reminder_mode') === 'custom' ? (
              <Form.Item label="Reminder days" name="reminder_days" rules={rules.reminder_days}>
                <Checkbox.Group options={REMINDER_DAY_OPTIONS} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <ReminderLadderFields saved={reminderFieldsOf(company.reminder_schedule)} />
        <Form.Item
          label="Fields the client may set"
          name="client_fields"
          extra="A field the client must fill before they can mark a transaction done is “Required to finish”; only fields they may set can be."
        >
          <ClientFieldsInput ledgerFields={ledgerFields.data} />
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
