import { WarningOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { Transaction } from '@herd/contract';

/**
 * Marks a categorized row that Publish would keep back as it stands (a client may finish with a memo
 * alone, and no ledger takes a line without a category), so it stands out from the rest before a
 * bulk Publish rather than in its report. The server says why; nothing shows when nothing stands in the way.
 */
export const PublishBlocker = ({ transaction }: { transaction: Pick<Transaction, 'publish_blocker'> }) => {
  const reason = transaction.publish_blocker;
  if (!reason) return null;
  const text = `Cannot be published: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
  return (
    // A dark amber rather than antd's warning yellow, which is too faint on white for a line of small text.
    <Typography.Text style={{ display: 'block', fontSize: 12, marginTop: 4, color: '#8a5300' }}>
      <WarningOutlined aria-hidden /> {text}
    </Typography.Text>
  );
};
