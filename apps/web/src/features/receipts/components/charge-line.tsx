import { Flex, Typography } from 'antd';
import type { ReceiptSuggestion } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../transactions/money';

type Charge = Pick<ReceiptSuggestion['transaction'], 'payee' | 'description' | 'amount' | 'currency' | 'date'>;

/** Who was paid, as the bank wrote it; the description when the payee is empty. */
export const chargeName = (charge: Pick<Charge, 'payee' | 'description'>) => charge.payee || charge.description || 'A charge';

/** One charge: who, how much and when, on lines that wrap rather than scroll on a phone. */
export const ChargeLine = ({ charge }: { charge: Charge }) => (
  <Flex vertical gap={2} style={{ minWidth: 0 }}>
    <Flex justify="space-between" gap={8} wrap>
      <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {chargeName(charge)}
      </Typography.Text>
      <Typography.Text strong style={{ flex: 'none' }}>
        {formatMoney(charge.amount, charge.currency)}
      </Typography.Text>
    </Flex>
    <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
      {formatDate(charge.date)}
      {charge.payee && charge.description ? ` · ${charge.description}` : ''}
    </Typography.Text>
  </Flex>
);

/** The light frame around a charge in the drawers. */
export const chargeBox = { border: '1px solid #e5e7e5', borderRadius: 8, padding: 12 } as const;
