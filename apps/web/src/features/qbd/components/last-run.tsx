import { Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { QbdConnector } from '@herd/contract/qbd';
import { countText, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { isConnectorRunLate, nextConnectorRunWords } from '../../../lib/web-connector-schedule';
import { intervalText, RUN_OUTCOMES } from '../qbd-words';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A moment as "5 minutes ago" (or "in 20 minutes"), the exact time on hover. */
const When = ({ at }: { at: string }) => (
  <Tooltip title={formatDateTime(at)}>
    <span tabIndex={0}>{formatRelativeTime(at)}</span>
  </Tooltip>
);

/**
 * When the Web Connector should come next, in the words the clients list and the waiting transactions use (one
 * schedule: the server's, from the .qwc file's interval); late once the time has passed (the computer may be off, or QuickBooks closed).
 */
const NextRun = ({ connector }: { connector: QbdConnector }) => {
  const at = connector.next_run_expected_at;
  const every = intervalText(connector.run_every_minutes);
  if (!at) return <Typography.Text type="secondary">{`${upperFirst(nextConnectorRunWords(null))} (${every})`}</Typography.Text>;
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tooltip title={formatDateTime(at)}>
        <span tabIndex={0}>{`${upperFirst(nextConnectorRunWords(at))} (${every})`}</span>
      </Tooltip>
      {isConnectorRunLate(at) ? (
        <Typography.Text type="warning">Late: check that the computer is on, QuickBooks is open and the Web Connector is running.</Typography.Text>
      ) : null}
    </Flex>
  );
};

/** The last Web Connector run: when, how it ended, how many requests it carried, its error and the company file it had open. */
export const LastRun = ({ connector }: { connector: QbdConnector }) => {
  const run = connector.last_run;
  // On a phone each label sits over its value: a company file path needs the whole width.
  const layout = usePhoneLayout() ? 'vertical' : 'horizontal';
  if (!run) {
    return (
      <Descriptions
        size="small"
        column={1}
        layout={layout}
        items={[
          { key: 'last', label: 'Last run', children: <Typography.Text type="secondary">The Web Connector has not run yet.</Typography.Text> },
          { key: 'next', label: 'Next run', children: <NextRun connector={connector} /> },
        ]}
      />
    );
  }
  const outcome = RUN_OUTCOMES[run.outcome];
  return (
    <Descriptions
      size="small"
      column={1}
      layout={layout}
      items={[
        {
          key: 'last',
          label: 'Last run',
          children: (
            <Flex vertical gap={4} align="flex-start">
              <Flex gap={8} wrap align="center">
                <Tag color={outcome.color} icon={run.outcome === 'RUNNING' ? <SyncOutlined spin /> : undefined} style={{ marginInlineEnd: 0 }}>
                  {outcome.label}
                </Tag>
                <span>
                  started <When at={run.started_at} />
                  {run.ended_at ? (
                    <>
                      , ended <When at={run.ended_at} />
                    </>
                  ) : null}
                </span>
              </Flex>
              <Typography.Text type="secondary">{outcome.meaning}</Typography.Text>
            </Flex>
          ),
        },
        { key: 'requests', label: 'Requests', children: `${countText(run.requests, 'request')} to QuickBooks` },
        {
          key: 'file',
          label: 'Company file open',
          children: run.company_file ? (
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {run.company_file}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">Not known (the run ended before QuickBooks said)</Typography.Text>
          ),
        },
        ...(run.error
          ? [
              {
                key: 'error',
                label: 'Error',
                children: (
                  <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
                    {run.error}
                  </Typography.Text>
                ),
              },
            ]
          : []),
        { key: 'next', label: 'Next run', children: <NextRun connector={connector} /> },
      ]}
    />
  );
};
