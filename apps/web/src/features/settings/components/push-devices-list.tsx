import { App, Button, Flex, Typography } from 'antd';
import type { PushDevice } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { rememberThisDevice, thisDevicePk, unsubscribeThisBrowser } from '../push-device';
import { useRemovePushDevice } from '../push-api';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Every device the person turned notifications on for, each with its own way to turn them off. */
export const PushDevicesList = ({ devices }: { devices: PushDevice[] }) => {
  const remove = useRemovePushDevice();
  const { message } = App.useApp();
  const mine = thisDevicePk();
  if (devices.length === 0) return <Typography.Text type="secondary">No device gets notifications yet.</Typography.Text>;

  const turnOff = async (device: PushDevice) => {
    try {
      if (device.pk === mine) {
        await unsubscribeThisBrowser();
        rememberThisDevice(null);
      }
      await remove.mutateAsync(device.pk);
    } catch (error) {
      void message.error(normaliseError(error).message);
    }
  };

  return (
    <ul aria-label="Devices that get notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {devices.map((device) => (
        <li key={device.pk} style={{ padding: '8px 0', borderTop: '1px solid rgba(0,0,0,0.06)' }}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <div>
              <Typography.Text strong>{device.pk === mine ? `${device.label} (this device)` : device.label}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                On since {day(device.created_at)}
                {device.last_sent_at ? ` · last notified ${day(device.last_sent_at)}` : ''}
              </Typography.Paragraph>
            </div>
            <Button
              onClick={() => void turnOff(device)}
              loading={remove.isPending && remove.variables === device.pk}
              aria-label={`Turn off notifications for ${device.label}`}
            >
              Turn off
            </Button>
          </Flex>
        </li>
      ))}
    </ul>
  );
};
