import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { ClientCompany } from '@herd/contract';
import { formatDateTime } from '../../../lib/format';
import { statusTag } from '../../../lib/labels';
import { waitingForConnectorText } from '../../../lib/web-connector-schedule';

/**
 * For a QuickBooks Desktop company, when its Web Connector runs next (null: not known before its first run);
 * undefined for every other company, whose publish is written by a background job within moments.
 */
export const connectorNextRunOf = (company: ClientCompany | undefined): string | null | undefined =>
  company?.connection_kind === 'QBD' ? (company.ledger_sync?.next_sync_at ?? null) : undefined;

interface TransactionStatusTagProps {
  status: string;
  /** `connectorNextRunOf` the transaction's company. */
  connectorNextRun?: string | null | undefined;
  'data-testid'?: string;
}

/**
 * A transaction's status tag. One handed to QuickBooks Desktop is written only when the Web Connector next
 * calls Herd, maybe an hour away: it says what it waits for and when, not a bare "Processing".
 */
export const TransactionStatusTag = ({ status, connectorNextRun, 'data-testid': testId }: TransactionStatusTagProps) => {
  const tag = statusTag(status);
  if (status !== 'PROCESSING' || connectorNextRun === undefined) {
    return (
      <Tag color={tag.color} data-testid={testId}>
        {tag.label}
      </Tag>
    );
  }
  const text = waitingForConnectorText(connectorNextRun);
  const wait = (
    <Tag color={tag.color} icon={<ClockCircleOutlined />} data-testid={testId} style={{ whiteSpace: 'normal', maxWidth: '100%' }}>
      {text}
    </Tag>
  );
  return connectorNextRun ? <Tooltip title={`Expected ${formatDateTime(connectorNextRun)}`}>{wait}</Tooltip> : wait;
};
