import { useState } from 'react';
import { App, Button, Flex, Input, Switch, Typography } from 'antd';
import type { PushSettings } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { useUpdatePushSettings } from '../push-api';

const DEFAULT_QUIET = { start: '21:00', end: '08:00' };

/** Hours with no notification, read in each device's own time zone; the news waits for the morning. */
export const QuietHoursForm = ({ settings }: { settings: PushSettings }) => {
  const update = useUpdatePushSettings();
  const { message } = App.useApp();
  const [hours, setHours] = useState(settings.quiet_hours ?? DEFAULT_QUIET);
  const save = async (quiet: PushSettings['quiet_hours']) => {
    try {
      await update.mutateAsync({ quiet_hours: quiet });
    } catch (error) {
      void message.error(normaliseError(error).message);
    }
  };
  const on = settings.quiet_hours !== null;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={16}>
        <div>
          <Typography.Text strong id="quiet-hours">
            Quiet hours
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            No notification in these hours; what happened waits until they end.
          </Typography.Paragraph>
        </div>
        <Switch aria-labelledby="quiet-hours" checked={on} loading={update.isPending} onChange={(wanted) => void save(wanted ? hours : null)} />
      </Flex>
      {on ? (
        <Flex gap={12} align="end" wrap>
          <label>
            <Typography.Text>From</Typography.Text>
            <Input type="time" value={hours.start} onChange={(e) => setHours({ ...hours, start: e.target.value })} style={{ width: 130, display: 'block' }} />
          </label>
          <label>
            <Typography.Text>Until</Typography.Text>
            <Input type="time" value={hours.end} onChange={(e) => setHours({ ...hours, end: e.target.value })} style={{ width: 130, display: 'block' }} />
          </label>
          <Button onClick={() => void save(hours)} loading={update.isPending}>
            Save hours
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
};
