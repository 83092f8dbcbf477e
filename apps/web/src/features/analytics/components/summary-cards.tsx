import { Card, Typography } from 'antd';
import type { AnalyticsSummary } from '@herd/contract';
import { formatCount } from '../../../lib/format';
import { formatDays, formatDuration } from '../durations';

interface Figure {
  label: string;
  value: string;
  hint: string;
}

const figuresOf = (s: AnalyticsSummary): Figure[] => [
  { label: 'Waiting on clients', value: formatCount(s.waiting_on_client), hint: 'now' },
  { label: 'Ready for review', value: formatCount(s.ready_for_review), hint: 'answered, now' },
  { label: 'Sync errors', value: formatCount(s.sync_errors), hint: 'refused by the ledger, now' },
  { label: 'Oldest open item', value: formatDays(s.oldest_open_days), hint: 'waiting on someone' },
  { label: 'Answered by clients', value: formatCount(s.answered_in_range), hint: 'in the range' },
  { label: 'Published', value: formatCount(s.published_in_range), hint: 'in the range' },
  { label: 'Median time to answer', value: formatDuration(s.median_response_seconds), hint: 'in the range' },
];

/** The firm's figures at a glance: open work now, then what happened within the range. */
export const SummaryCards = ({ summary }: { summary: AnalyticsSummary }) => (
  <div role="list" aria-label="Summary" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 12, marginBottom: 16 }}>
    {figuresOf(summary).map((f) => (
      <Card key={f.label} role="listitem" aria-label={f.label} size="small" styles={{ body: { padding: '12px 14px' } }}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {f.label}
        </Typography.Text>
        <div style={{ fontSize: 24, fontWeight: 650, lineHeight: 1.3 }}>{f.value}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {f.hint}
        </Typography.Text>
      </Card>
    ))}
  </div>
);
