import { Tag, Tooltip } from 'antd';
import type { Transaction } from '@herd/contract';
import { formatDate } from '../../../lib/format';

/**
 * A transaction dated in the ledger's closed period, on its row: before Publish, that its answer will
 * go as a correction in the open period; after, the correction's day (the ledger's journal, or the
 * generic ledger's system posting it from the published feed).
 */
export const ClosedPeriodTag = ({ transaction: t }: { transaction: Pick<Transaction, 'in_closed_period' | 'correction'> }) => {
  if (t.correction) {
    const journal = t.correction.ledger_id ? ` (journal ${t.correction.ledger_id})` : '';
    return (
      <Tooltip
        title={`Dated in a closed period: the answer was posted as a journal entry dated ${formatDate(t.correction.date)}${journal}. The transaction itself stays as the ledger holds it.`}
      >
        <Tag color="purple">Correction {formatDate(t.correction.date)}</Tag>
      </Tooltip>
    );
  }
  if (!t.in_closed_period) return null;
  return (
    <Tooltip title="Dated in a period the ledger has closed: publishing leaves it as the ledger holds it and posts the answer as a journal entry dated the first open day.">
      <Tag color="volcano">Closed period</Tag>
    </Tooltip>
  );
};
