import { useState } from 'react';
import { Alert, App, Flex, Switch, Typography } from 'antd';
import type { PushDevice } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { deviceLabel, pushSupport, rememberThisDevice, subscribeThisBrowser, thisDevicePk, unsubscribeThisBrowser } from '../push-device';
import { usePushPublicKey, useRemovePushDevice, useSubscribePush } from '../push-api';

const WHY_NOT: Record<Exclude<ReturnType<typeof pushSupport>, 'supported'>, string> = {
  'install-first': 'On an iPhone or iPad, add Herd to your Home Screen first: tap the Share button, then “Add to Home Screen”, and open Herd from there.',
  blocked: 'Notifications from Herd are blocked in this browser’s settings. Allow them there, then turn them on here.',
  unsupported: 'This browser cannot show notifications from Herd.',
};

/** The switch for the device in the person's hand: asks the browser's consent, then tells the server. */
export const PushThisDevice = ({ devices }: { devices: PushDevice[] }) => {
  const key = usePushPublicKey();
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();
  const { message } = App.useApp();
  const [support, setSupport] = useState(pushSupport);
  const mine = thisDevicePk();
  const on = mine !== null && devices.some((device) => device.pk === mine);

  if (support !== 'supported') return <Alert type="info" showIcon title={WHY_NOT[support]} />;

  const turnOn = async () => {
    if (!key.data) return;
    const subscription = await subscribeThisBrowser(key.data.public_key);
    if (!subscription) {
      setSupport(pushSupport());
      void message.info('Notifications stay off: this browser was not allowed to show them.');
      return;
    }
    const device = await subscribe.mutateAsync({ ...subscription, label: deviceLabel(), time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    rememberThisDevice(device.pk);
    void message.success('Notifications are on for this device.');
  };
  const turnOff = async () => {
    await unsubscribeThisBrowser();
    if (mine !== null) await remove.mutateAsync(mine);
    rememberThisDevice(null);
  };
  const toggle = async (wanted: boolean) => {
    try {
      await (wanted ? turnOn() : turnOff());
    } catch (error) {
      void message.error(normaliseError(error).message);
    }
  };

  return (
    <Flex justify="space-between" align="center" gap={16}>
      <div>
        <Typography.Text strong id="push-this-device">
          Notify me on this device
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          New questions and requests, ones coming due, and replies to your notes, at most one notification every quarter of an hour.
        </Typography.Paragraph>
      </div>
      <Switch
        aria-labelledby="push-this-device"
        checked={on}
        loading={subscribe.isPending || remove.isPending || key.isPending}
        onChange={(wanted) => void toggle(wanted)}
      />
    </Flex>
  );
};
