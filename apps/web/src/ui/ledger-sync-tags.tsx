import { useEffect, useState } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, ExperimentOutlined, SyncOutlined } from '@ant-design/icons';
import type { LedgerSyncInfo } from '@herd/contract';
import { formatDate, formatRelativeTime } from '../lib/format';

/** Connected to a test company of the ledger, not the client's real books: never easy to miss. */
export const SandboxTag = () => (
  <Tooltip title="Connected to a QuickBooks sandbox company, not real books.">
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

/** Where a ledger sync stands: running, waiting its turn, failed (why, on hover) or when it last finished. */
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
      <Tooltip title={sync.last_error ?? 'The last sync did not finish.'}>
        <Tag color="error" icon={<ExclamationCircleOutlined />} style={{ marginInlineEnd: 0 }} tabIndex={0}>
          Sync failed
        </Tag>
      </Tooltip>
    );
  }
  if (!sync.last_synced_at) return <Typography.Text type="secondary">Not synced yet</Typography.Text>;
  return (
    <Tooltip title={formatDate(sync.last_synced_at)}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        <CheckCircleOutlined style={{ color: '#2f7d5b', marginInlineEnd: 4 }} />
        Last synced {formatRelativeTime(sync.last_synced_at)}
      </Typography.Text>
    </Tooltip>
  );
};
