import { Card, Divider, Flex, Typography } from 'antd';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { usePushDevices, usePushSettings } from '../push-api';
import { PushDevicesList } from './push-devices-list';
import { PushThisDevice } from './push-this-device';
import { QuietHoursForm } from './quiet-hours-form';

/** Notifications on the person's devices (docs/phone-app.md): this one, every one, and the quiet hours. */
export const PushSettingsCard = () => {
  const devices = usePushDevices();
  const settings = usePushSettings();
  if (devices.isPending || settings.isPending) return <PageSpinner caption="Loading your notification settings…" />;
  if (devices.isError) return <QueryError error={devices.error} title="Could not load your devices" onRetry={() => void devices.refetch()} />;
  if (settings.isError) return <QueryError error={settings.error} title="Could not load your notification settings" onRetry={() => void settings.refetch()} />;

  return (
    <Card title="Notifications" style={{ maxWidth: 640 }}>
      <Flex vertical gap={16}>
        <PushThisDevice devices={devices.data.devices} />
        <Divider style={{ margin: 0 }} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          Your devices
        </Typography.Title>
        <PushDevicesList devices={devices.data.devices} />
        <Divider style={{ margin: 0 }} />
        <QuietHoursForm settings={settings.data} />
      </Flex>
    </Card>
  );
};
