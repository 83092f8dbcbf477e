import { useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input } from 'antd';
import { COMMUNICATION_SUBJECT_MAX, COMMUNICATION_TEXT_MAX, type RecurringSchedule } from '@herd/contract';
import { FormAlert } from '../../../ui/form-alert';
import { useReadOnly } from '../../billing/read-only-guard';
import { REQUEST_KIND_LABELS } from '../components/request-words';
import { useUpdateSchedule } from './api';
import { ChecklistEditor } from './checklist-editor';
import { NO_LIST_ERRORS, placeComposerErrors, type ComposerListErrors } from './composer-errors';
import { localToday, scheduleChange, valuesFromSchedule, type ComposerValues } from './composer-values';
import { RepeatFields } from './repeat-fields';

const EditForm = ({ schedule, onClose }: { schedule: RecurringSchedule; onClose: () => void }) => {
  const [form] = Form.useForm<ComposerValues>();
  const [errors, setErrors] = useState<ComposerListErrors>(NO_LIST_ERRORS);
  const update = useUpdateSchedule();
  const { readOnly } = useReadOnly();
  const { message } = App.useApp();
  const today = localToday();
  const submit = (values: ComposerValues) => {
    setErrors(NO_LIST_ERRORS);
    update.mutate(
      { pk: schedule.pk, body: scheduleChange(schedule, values) },
      {
        onSuccess: () => {
          void message.success('Schedule saved.');
          onClose();
        },
        onError: (error) => setErrors(placeComposerErrors(form, error)),
      },
    );
  };
  return (
    <Form form={form} layout="vertical" initialValues={valuesFromSchedule(schedule)} onFinish={submit} aria-label="Edit schedule">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="Changes apply to the dates still to come."
        description="Requests this schedule already sent keep what they said, with their answers."
      />
      <FormAlert message={errors.rest} />
      <Form.Item label="Kind">
        <Input value={REQUEST_KIND_LABELS[schedule.content.kind]} disabled />
      </Form.Item>
      <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Subject is required.' }]}>
        <Input maxLength={COMMUNICATION_SUBJECT_MAX} />
      </Form.Item>
      <Form.Item name="text" label="Text">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={COMMUNICATION_TEXT_MAX} />
      </Form.Item>
      {schedule.content.kind === 'W9' ? (
        <Form.Item name="w9_vendor" label="Vendor" rules={[{ required: true, whitespace: true, message: 'Vendor is required.' }]}>
          <Input maxLength={255} />
        </Form.Item>
      ) : null}
      {schedule.content.kind === 'REQUEST' ? <ChecklistEditor error={errors.items} /> : null}
      <div style={{ height: 16 }} />
      <RepeatFields today={today} allowOnce={false} />
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={readOnly}>
          Save
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </Flex>
    </Form>
  );
};

/** Changing a schedule: its words, checklist and dates, for the requests it has not sent yet. */
export const ScheduleEditor = ({ schedule, onClose }: { schedule: RecurringSchedule | null; onClose: () => void }) => (
  <Drawer open={schedule !== null} onClose={onClose} title={schedule ? `Edit: ${schedule.content.subject}` : 'Edit schedule'} size="min(600px, 100vw)" destroyOnHidden>
    {schedule ? <EditForm key={schedule.pk} schedule={schedule} onClose={onClose} /> : null}
  </Drawer>
);
