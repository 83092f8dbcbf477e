import { Flex, Typography } from 'antd';
import type { ConnectionKind, HistoryEntry } from '@herd/contract';
import { formatDateTime } from '../../../lib/format';
import { historyChanged, historyWhat, historyWho } from '../history-words';

interface HistoryListProps {
  entries: HistoryEntry[];
  connectionKind: ConnectionKind;
  /** Older entries were left out. */
  truncated: boolean;
}

const PROBLEM = new Set<HistoryEntry['action']>(['transaction.publish_failed', 'transaction.publish_returned']);

/** The transaction's audit trail, oldest first: what happened, who did it, when, and the message or the ledger's words. */
export const HistoryList = ({ entries, connectionKind, truncated }: HistoryListProps) => (
  <section aria-label="History" data-testid="review-history">
    <Typography.Text strong>History</Typography.Text>
    {truncated ? (
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
        Only the latest {entries.length} events are shown.
      </Typography.Paragraph>
    ) : null}
    {entries.length === 0 ? (
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
        Nothing has happened to this transaction in Herd yet.
      </Typography.Paragraph>
    ) : (
      <ol style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, borderLeft: '2px solid #e4e7e5' }}>
        {entries.map((entry) => {
          const problem = PROBLEM.has(entry.action) || entry.to === 'SYNC_ERROR';
          return (
            <li key={entry.pk} data-testid="history-entry" style={{ padding: '0 0 12px 14px', position: 'relative' }}>
              <span aria-hidden style={{ position: 'absolute', left: -5, top: 6, width: 8, height: 8, borderRadius: 4, background: problem ? '#b42318' : '#5f6b66' }} />
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text strong type={problem ? 'danger' : undefined}>
                  {historyWhat(entry, connectionKind)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(entry.at)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {historyWho(entry, connectionKind)}
              </Typography.Text>
              {entry.changed.length > 0 ? <Typography.Paragraph style={{ margin: '2px 0 0', fontSize: 13 }}>{historyChanged(entry)}</Typography.Paragraph> : null}
              {entry.message ? (
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', fontSize: 13 }} type={problem ? 'danger' : undefined}>
                  {entry.action === 'transaction.back' ? `“${entry.message}”` : entry.message}
                </Typography.Paragraph>
              ) : null}
            </li>
          );
        })}
      </ol>
    )}
  </section>
);
