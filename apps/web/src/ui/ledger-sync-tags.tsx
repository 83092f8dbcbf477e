import { useEffect, useState } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, ExperimentOutlined, SyncOutlined } from '@ant-design/icons';
import type { ConnectionKind, LedgerSyncInfo } from '@herd/contract';
import { formatDate, formatDateTime, formatRelativeTime } from '../lib/format';
import { CONNECTION_KIND_LABELS } from '../lib/labels';
import { nextConnectorRunWords } from '../lib/web-connector-schedule';

/** Connected to a test company of the ledger (`kind`), not the client's real books: never easy to miss. */
export const SandboxTag = ({ kind }: { kind: ConnectionKind }) => (
  <Tooltip title={`Connected to a ${CONNECTION_KIND_LABELS[kind]} sandbox, not real books.`}>
    <Tag color="magenta" icon={<ExperimentOutlined />} style={{ marginInlineEnd: 0, fontWeight: 600 }} data-testid="sandbox-tag">
      Sandbox
    </Tag>
  </Tooltip>
);

/** "Last synced 2 minutes ago" keeps true while the page stays open. */
const useMinuteTick = () => {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);
};

/** A time the schedule named, from now: "in 3 hours", or "any minute now" once it has come (the sweep runs every few minutes). */
const fromNow = (iso: string) => (new Date(iso).getTime() <= Date.now() + 45_000 ? 'any minute now' : formatRelativeTime(iso));

/** When the sync schedule pulls next, the exact time on hover. */
const NextSync = ({ at }: { at: string }) => (
  <Tooltip title={formatDateTime(at)}>
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} tabIndex={0}>
      Next sync {fromNow(at)}
    </Typography.Text>
  </Tooltip>
);

/** QuickBooks Desktop syncs when its Web Connector runs: its next run, in the words of the set-up card. */
const NextConnectorRun = ({ at }: { at: string | null }) => {
  const words = <>Next Web Connector run {nextConnectorRunWords(at)}</>;
  return at ? (
    <Tooltip title={formatDateTime(at)}>
      <Typography.Text type="secondary" tabIndex={0}>
        {words}
      </Typography.Text>
    </Tooltip>
  ) : (
    <Typography.Text type="secondary">{words}</Typography.Text>
  );
};

/**
 * Where a ledger sync stands: running, waiting its turn, failing (why, on hover, and when it is tried again) or
 * when it last finished and runs next. The next run sits under the state, so the clients list's column stays narrow.
 */
export const SyncState = ({ sync }: { sync: LedgerSyncInfo }) => {
  useMinuteTick();
  if (sync.state === 'RUNNING') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />} style={{ marginInlineEnd: 0 }}>
        Syncing…
      </Tag>
    );
  }
  if (sync.state === 'QUEUED') {
    return (
      <Tag icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
        Queued
      </Tag>
    );
  }
  if (sync.state === 'FAILED') {
    return (
      <Flex vertical gap={2} align="flex-start">
        <Tooltip title={sync.last_error ?? 'The last sync did not finish.'}>
          <Tag color="error" icon={<ExclamationCircleOutlined />} style={{ marginInlineEnd: 0 }} tabIndex={0}>
            {sync.consecutive_failures > 0 ? 'Sync failing' : 'Sync failed'}
          </Tag>
        </Tooltip>
        {/* After failures the schedule waits longer each time: say when it tries again, as a time of day. */}
        {sync.provider === 'QBD' ? (
          <NextConnectorRun at={sync.next_sync_at} />
        ) : sync.next_sync_at ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            Next try {new Date(sync.next_sync_at).getTime() <= Date.now() + 45_000 ? 'any minute now' : `at ${formatDateTime(sync.next_sync_at)}`}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  }
  const next = sync.provider === 'QBD' ? <NextConnectorRun at={sync.next_sync_at} /> : sync.next_sync_at ? <NextSync at={sync.next_sync_at} /> : null;
  if (!sync.last_synced_at) {
    return (
      <Flex vertical gap={2} align="flex-start">
        <Typography.Text type="secondary">Not synced yet</Typography.Text>
        {next}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tooltip title={formatDate(sync.last_synced_at)}>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          <CheckCircleOutlined style={{ color: '#2f7d5b', marginInlineEnd: 4 }} />
          Last synced {formatRelativeTime(sync.last_synced_at)}
        </Typography.Text>
      </Tooltip>
      {next}
    </Flex>
  );
};
