import { useEffect, useRef, type ReactNode } from 'react';
import { Checkbox, Flex, Tag, Typography } from 'antd';
import { MessageOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Transaction } from '@herd/contract';
import { formatDate, countText } from '../../../lib/format';
import { formatMoney } from '../money';

/** "−12.50 USD" for money going out, "+12.50 USD" for money coming in. */
export const SignedAmount = ({ transaction }: { transaction: Transaction }) => (
  <Typography.Text strong style={{ color: transaction.direction === 'SALES' ? '#177245' : undefined, whiteSpace: 'nowrap' }}>
    {transaction.direction === 'COSTS' ? '−' : '+'}
    {formatMoney(transaction.amount, transaction.currency)}
  </Typography.Text>
);

interface TransactionRowProps {
  transaction: Transaction;
  active: boolean;
  /**
   * The cursor is being walked with the keyboard: the active row is kept in view. Not on load, when the
   * first row is the cursor too: scrolling to it would move the page past what stands above the list
   * (the client's requests and receipts, the preview's banner) before anyone pressed a key.
   */
  follow?: boolean;
  selected: boolean;
  error?: string;
  /** Without it the row has no checkbox (a read-only list). */
  onSelect?: (checked: boolean) => void;
  onOpen?: () => void;
  extra?: ReactNode;
}

/** One transaction waiting for the client; the keyboard cursor is `active`. */
export const TransactionRow = ({ transaction: t, active, follow = false, selected, error, onSelect, onOpen, extra }: TransactionRowProps) => {
  const row = useRef<HTMLLIElement>(null);
  // The keyboard cursor never leaves the screen while j/k walk a long list.
  useEffect(() => {
    if (active && follow) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active, follow]);
  return (
    <li
      ref={row}
      data-testid="transaction-row"
      aria-current={active ? 'true' : undefined}
      onClick={onOpen}
      style={{
        listStyle: 'none',
        padding: '12px 16px',
        borderBottom: '1px solid #eef1ef',
        borderInlineStart: `3px solid ${active ? '#1f7a4d' : 'transparent'}`,
        background: active ? '#f1f8f4' : '#fff',
        cursor: onOpen ? 'pointer' : undefined,
        // Scrolled into view below the sticky page header, not under it.
        scrollMarginTop: 80,
        scrollMarginBottom: 16,
      }}
    >
      <Flex gap={12} align="flex-start">
        {onSelect ? (
          <Checkbox
            checked={selected}
            aria-label={`Select ${t.payee || t.description}`}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onSelect(event.target.checked)}
            style={{ marginTop: 2 }}
          />
        ) : null}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" gap={12}>
            <Typography.Text strong ellipsis>
              {t.payee || t.description}
            </Typography.Text>
            <SignedAmount transaction={t} />
          </Flex>
          <Flex gap={8} wrap align="center" style={{ fontSize: 13 }}>
            <Typography.Text type="secondary">{formatDate(t.date)}</Typography.Text>
            {t.payee && t.description ? <Typography.Text type="secondary">· {t.description}</Typography.Text> : null}
            {t.payment_account ? <Tag variant="filled">{t.payment_account.name}</Tag> : null}
            {t.notes_count > 0 ? (
              <Typography.Text type="secondary" aria-label={countText(t.notes_count, 'note')}>
                <MessageOutlined /> {t.notes_count}
              </Typography.Text>
            ) : null}
            {t.attachments.length > 0 ? (
              <Typography.Text type="secondary" aria-label={countText(t.attachments.length, 'attachment')}>
                <PaperClipOutlined /> {t.attachments.length}
              </Typography.Text>
            ) : null}
            {extra}
          </Flex>
          {t.back_message ? (
            <div data-testid="back-message" style={{ marginTop: 6, padding: '6px 10px', background: '#fff7e6', borderRadius: 6, fontSize: 13 }}>
              <strong>From your accountant:</strong> {t.back_message}
            </div>
          ) : null}
          {error ? (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4, fontSize: 13 }}>
              {error}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
    </li>
  );
};
