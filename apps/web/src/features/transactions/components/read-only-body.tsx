import { useState, type ReactNode } from 'react';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import type { Transaction } from '@herd/contract';
import { useLedgerFields } from '../api';
import { ledgerFieldsFrom, type LedgerFields } from '../ledger-fields';
import { formatMoney } from '../money';
import { AttachmentsPanel } from './attachments-panel';
import { NoteThread } from './note-thread';
import { TransactionHeading } from './transaction-heading';

type Line = Transaction['lines'][number];
const REFS = ['category', 'vendor', 'customer', 'class', 'location', 'tax', 'tracking_option_one', 'tracking_option_two'] as const;

/** A line's answer as label and value, in the ledger's words: the category always, the other fields only where they are set. */
const lineItems = (line: Line, split: boolean, currency: string, fields: LedgerFields) => [
  ...(split ? [{ key: 'amount', label: 'Amount', children: formatMoney(line.amount, currency) }] : []),
  ...REFS.filter((field) => field === 'category' || line[field]).map((field) => ({
    key: field,
    label: fields.label(field),
    children: line[field]?.name ?? 'None',
  })),
  ...(line.billable ? [{ key: 'billable', label: fields.label('billable'), children: line.billable === 'BILLABLE' ? 'Billable' : 'Not billable' }] : []),
  ...(line.description ? [{ key: 'description', label: 'Description', children: line.description }] : []),
];

interface ReadOnlyBodyProps {
  transaction: Transaction;
  companyPk: number;
  /** Shown under the heading (the accountant's review). */
  review?: ReactNode;
  /** Shown at the foot (the history). */
  footer?: ReactNode;
}

/**
 * A transaction that can no longer be changed here (published, matched, being
 * published, cancelled): its answer as text, with no field and no Save or
 * Done. Attachments can be opened and notes still written.
 */
export const ReadOnlyBody = ({ transaction, companyPk, review, footer }: ReadOnlyBodyProps) => {
  const [note, setNote] = useState('');
  const split = transaction.lines.length > 1;
  const fields = ledgerFieldsFrom(useLedgerFields(companyPk).data, [null, null]);
  return (
    <Flex vertical gap={20} data-testid="transaction-read-only">
      <TransactionHeading transaction={transaction} />
      {review}
      {transaction.sync_errors.map((e) => (
        <Alert key={e.pk} type="error" showIcon title="The ledger refused this transaction" description={e.message} />
      ))}
      <section aria-label="Answer">
        {transaction.lines.map((line, index) => (
          <Descriptions
            key={line.pk}
            size="small"
            column={1}
            bordered
            title={split ? `Line ${index + 1}` : undefined}
            items={lineItems(line, split, transaction.currency, fields)}
            style={{ marginBottom: 12 }}
          />
        ))}
        {transaction.client_memo ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            <Typography.Text type="secondary">Memo: </Typography.Text>
            {transaction.client_memo}
          </Typography.Paragraph>
        ) : null}
      </section>
      <AttachmentsPanel transaction={transaction} companyPk={companyPk} canEdit={false} />
      <NoteThread transactionPk={transaction.pk} companyPk={companyPk} body={note} onBodyChange={setNote} />
      {footer}
    </Flex>
  );
};
