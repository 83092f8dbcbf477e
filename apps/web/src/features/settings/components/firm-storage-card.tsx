import { Alert, Card, Progress, Typography } from 'antd';
import { DOCUMENT_TRASH_DAYS } from '@herd/contract/documents';
import { formatStorage } from '@herd/contract/storage-usage';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useStorageUsage } from '../storage-api';

/** From this share of the limit on, the card warns that uploads will soon be refused. */
const NEARLY_FULL = 0.9;

/** The firm's storage against its limit, with what counts and what happens at the limit (docs/documents.md, "Storage quota"). */
export const FirmStorageCard = () => {
  const usage = useStorageUsage();
  if (usage.isPending) return <PageSpinner caption="Loading your storage…" />;
  if (usage.isError) return <QueryError error={usage.error} title="Could not load your firm’s storage" onRetry={() => void usage.refetch()} />;
  const { used_bytes: used, quota_bytes: quota } = usage.data;
  const share = quota > 0 ? used / quota : 1;
  // A sliver of use still shows as 1%, never as an empty bar that reads "nothing stored".
  const percent = used === 0 ? 0 : Math.min(100, Math.max(1, Math.round(share * 100)));
  return (
    <Card title="Storage" variant="outlined">
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {formatStorage(used)} of {formatStorage(quota)} used
      </Typography.Paragraph>
      <Progress percent={percent} status={share >= 1 ? 'exception' : 'normal'} aria-label="Storage used" />
      {share >= NEARLY_FULL ? (
        <Alert
          type={share >= 1 ? 'error' : 'warning'}
          showIcon
          style={{ marginTop: 12 }}
          title={share >= 1 ? 'Your firm’s storage is full: new documents cannot be uploaded.' : 'Your firm’s storage is nearly full.'}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Every file the firm keeps counts: documents shared with clients (deleted ones too, until they are removed for good {DOCUMENT_TRASH_DAYS} days after), receipts,
        transaction attachments and request files. Only an upload to Documents that would go past the limit is refused, yours or a client’s; receipts, attachments and
        request files are always kept, since they are the bookkeeping itself. The limit is set by whoever runs Herd for your firm.
      </Typography.Paragraph>
    </Card>
  );
};
