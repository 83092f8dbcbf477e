import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Flex, Form, Select, Typography } from 'antd';
import type { DigestSettings } from '@herd/contract';
import { applyServerErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useDigestSettings, useUpdateDigestSettings } from '../email-preferences-api';

/** The firm's zone is kept as "none chosen" (null), so a later change of the firm's zone moves the digest with it. */
const FIRM_ZONE = '';

interface Values {
  hour: number;
  time_zone: string;
  by_text: boolean;
}

const FIELDS = ['hour', 'time_zone', 'by_text'] as const;

/** Why the digest cannot go by text, or where it would go. */
const textHint = (settings: DigestSettings) => {
  if (!settings.texts_available) return 'Texts cannot be sent from this server yet.';
  if (!settings.text_phone) return 'Add your mobile number, with its country code (+1…), in your profile to get it by text.';
  return `The counts and a link, to ${settings.text_phone}.`;
};

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }));

/** The firm's zone first, then every zone the browser knows (with the chosen one even if the browser names it differently). */
const zoneOptions = (settings: DigestSettings) => {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = settings.time_zone && !zones.includes(settings.time_zone) ? [settings.time_zone, ...zones] : zones;
  return [
    { value: FIRM_ZONE, label: `The firm’s time zone (${settings.firm_time_zone.replaceAll('_', ' ')})` },
    ...all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
  ];
};

const Schedule = ({ settings }: { settings: DigestSettings }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateDigestSettings();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(() => zoneOptions(settings), [settings]);

  const onFinish = (values: Values) => {
    setError(null);
    update.mutate(
      { hour: values.hour, time_zone: values.time_zone === FIRM_ZONE ? null : values.time_zone, by_text: values.by_text },
      { onSuccess: () => void message.success('Digest time saved'), onError: (err) => setError(applyServerErrors(form, err, FIELDS)) },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      name="digest-schedule"
      initialValues={{ hour: settings.hour, time_zone: settings.time_zone ?? FIRM_ZONE, by_text: settings.by_text }}
      onFinish={onFinish}
    >
      <FormAlert message={error} />
      <Flex wrap style={{ columnGap: 12 }}>
        <Form.Item label="Send it at" name="hour" rules={[{ required: true, message: 'Choose an hour.' }]} style={{ minWidth: 120 }}>
          <Select showSearch options={HOURS} optionFilterProp="label" aria-label="Digest hour" />
        </Form.Item>
        <Form.Item label="In the time zone" name="time_zone" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Select showSearch options={options} optionFilterProp="label" aria-label="Digest time zone" />
        </Form.Item>
      </Flex>
      <Form.Item name="by_text" valuePropName="checked" extra={textHint(settings)}>
        <Checkbox disabled={!settings.by_text && (!settings.texts_available || !settings.text_phone)}>Also send it to me by text</Checkbox>
      </Form.Item>
      <Button htmlType="submit" loading={update.isPending}>
        Save digest time
      </Button>
    </Form>
  );
};

/**
 * When the accountant's daily digest goes: an hour and a time zone (the firm's unless they choose
 * another). Shown while the digest is on; turning it off is the "Daily digest" switch above it.
 */
export const DigestScheduleForm = () => {
  const settings = useDigestSettings();
  if (settings.isPending) return <PageSpinner caption="Loading your digest settings…" />;
  if (settings.isError) return <QueryError error={settings.error} title="Could not load your digest settings" onRetry={() => void settings.refetch()} />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">Sent once a day, only when a client did something or something waits for you.</Typography.Text>
      <Schedule key={`${settings.data.hour}:${settings.data.time_zone ?? ''}:${String(settings.data.by_text)}`} settings={settings.data} />
    </Flex>
  );
};
