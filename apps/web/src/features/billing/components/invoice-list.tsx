import { Flex, Tag, Typography } from 'antd';
import type { BillingInfo } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { formatMinorUnits } from '../billing-words';

type Invoice = BillingInfo['invoices'][number];

const STATUS_COLOURS: Record<string, string> = { paid: 'green', open: 'gold', uncollectible: 'red', void: 'default', draft: 'default' };

/** Past invoices, newest first as Stripe lists them; stacked rows rather than a table so a phone never scrolls sideways. */
export const InvoiceList = ({ invoices }: { invoices: readonly Invoice[] }) => {
  if (invoices.length === 0) return <Typography.Text type="secondary">No invoices yet.</Typography.Text>;
  return (
    <ul aria-label="Invoices" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {invoices.map((invoice, index) => (
        <li key={invoice.id} style={{ padding: '12px 0', borderTop: index === 0 ? undefined : '1px solid #f0f0f0' }}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex vertical>
              <Typography.Text strong>{invoice.number ?? 'Invoice'}</Typography.Text>
              <Typography.Text type="secondary">
                {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
              </Typography.Text>
            </Flex>
            <Flex gap={12} align="center" wrap>
              <span>{formatMinorUnits(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due, invoice.currency)}</span>
              <Tag color={STATUS_COLOURS[invoice.status] ?? 'default'}>{invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)}</Tag>
              {invoice.invoice_pdf && (
                <Typography.Link href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer" aria-label={`PDF of ${invoice.number ?? 'invoice'}`}>
                  PDF
                </Typography.Link>
              )}
              {invoice.hosted_invoice_url && (
                <Typography.Link href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer" aria-label={`View ${invoice.number ?? 'invoice'}`}>
                  View
                </Typography.Link>
              )}
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
};
