import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Select, Typography } from 'antd';
import type { FirmSettings } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { useUpdateFirmSettings } from '../api';
import { useChangeGuard } from '../../billing/read-only-guard';

interface Values {
  time_zone: string;
}

const FIELDS = ['time_zone'] as const;

/** Every zone the browser knows, with the firm's current one even if the browser names it differently. */
const zoneOptions = (current: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
};

/** The zone the firm's recurring requests follow: a request due on the 1st goes out when the 1st begins there (FIRM_ADMIN). */
export const FirmTimeZoneForm = ({ settings }: { settings: FirmSettings }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateFirmSettings();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const guard = useChangeGuard();
  const options = useMemo(() => zoneOptions(settings.time_zone), [settings.time_zone]);

  const onFinish = (values: Values) => {
    setError(null);
    update.mutate(
      { time_zone: values.time_zone },
      { onSuccess: () => void message.success('Time zone saved'), onError: (err) => setError(applyServerErrors(form, err, FIELDS)) },
    );
  };

  return (
    <Card title="Time zone" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="firm-time-zone"
        initialValues={{ time_zone: settings.time_zone }}
        onFinish={onFinish}
        style={{ maxWidth: 640 }}
        disabled={guard.disabled}
      >
        <FormAlert message={error} />
        <Form.Item label="Your firm’s time zone" name="time_zone" extra="Recurring requests go out when their day begins in this time zone.">
          <Select showSearch options={options} optionFilterProp="label" aria-label="Time zone" />
        </Form.Item>
        <Typography.Paragraph type="secondary">Changing it moves when each next request goes out, never which days they are for.</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={guard.disabled} title={guard.title}>
          Save time zone
        </Button>
      </Form>
    </Card>
  );
};
