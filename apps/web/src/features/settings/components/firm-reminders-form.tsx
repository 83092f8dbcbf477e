import { useState } from 'react';
import { App, Button, Card, Form, InputNumber, Select } from 'antd';
import { WEEKDAY_NAMES, firmSettingsBody, type FirmSettings } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useUpdateFirmSettings } from '../api';
import { useChangeGuard } from '../../billing/read-only-guard';

interface Values {
  reminder_weekday: number;
  reminder_escalate_after: number;
}

const FIELDS = ['reminder_weekday', 'reminder_escalate_after'] as const;
const DAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }));
const rules = { reminder_escalate_after: [zodRule(firmSettingsBody.shape.reminder_escalate_after.unwrap())] };

/** The firm's reminder day (clients on the firm's schedule hear about open work then) and when quiet clients are raised (FIRM_ADMIN). */
export const FirmRemindersForm = ({ settings }: { settings: FirmSettings }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateFirmSettings();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const guard = useChangeGuard();

  const onFinish = (values: Values) => {
    setError(null);
    update.mutate(values, {
      onSuccess: () => void message.success('Reminder settings saved'),
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Card title="Client reminders" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="firm-reminders"
        initialValues={{ reminder_weekday: settings.reminder_weekday, reminder_escalate_after: settings.reminder_escalate_after }}
        onFinish={onFinish}
        style={{ maxWidth: 640 }}
        disabled={guard.disabled}
      >
        <FormAlert message={error} />
        <Form.Item label="Reminder day" name="reminder_weekday" extra="Clients with open work hear about it on this day, unless their own settings choose other days.">
          <Select options={DAY_OPTIONS} aria-label="Reminder day" />
        </Form.Item>
        <Form.Item
          label="Tell the client’s accountants after"
          name="reminder_escalate_after"
          rules={rules.reminder_escalate_after}
          extra="Reminders in a row that the client let go by without answering anything."
        >
          <InputNumber precision={0} min={1} max={52} suffix="reminders" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={guard.disabled} title={guard.title}>
          Save reminder settings
        </Button>
      </Form>
    </Card>
  );
};
