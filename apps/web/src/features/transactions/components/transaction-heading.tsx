import { Typography } from 'antd';
import type { Transaction } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../money';

/** The top of the drawer: who was paid (or what it was), when, from which account, and the signed amount. */
export const TransactionHeading = ({ transaction }: { transaction: Transaction }) => (
  <div>
    <Typography.Title level={4} style={{ margin: 0 }}>
      {transaction.payee || transaction.description || 'Transaction'}
    </Typography.Title>
    <Typography.Text type="secondary">
      {[formatDate(transaction.date), transaction.description, transaction.payment_account?.name ?? 'No account'].filter(Boolean).join(' · ')}
    </Typography.Text>
    <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
      {transaction.direction === 'COSTS' ? '−' : '+'}
      {formatMoney(transaction.amount, transaction.currency)}
    </Typography.Title>
  </div>
);
