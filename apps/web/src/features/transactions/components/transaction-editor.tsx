import { useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Transaction } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { useSelectOptions, useUpdateTransactions, type Side } from '../api';
import { blankLine, editorErrors, may, toChange, toEditLines, type Editable, type EditLine } from '../editor-state';
import { fromCents } from '@herd/contract';
import { formatMoney, remainingCents } from '../money';
import { AttachmentsPanel } from './attachments-panel';
import { LineFields } from './line-fields';
import { NoteThread } from './note-thread';

interface TransactionEditorProps {
  transaction: Transaction | null;
  companyPk: number;
  side: Side;
  editable: Editable;
  onClose: () => void;
  /** After "Done": the list moves on to the next transaction. */
  onDone?: (transaction: Transaction) => void;
}

const Body = ({ transaction, companyPk, side, editable, onClose, onDone }: TransactionEditorProps & { transaction: Transaction }) => {
  const { message } = App.useApp();
  const update = useUpdateTransactions(companyPk, side);
  const [lines, setLines] = useState<EditLine[]>(() => toEditLines(transaction));
  const [memo, setMemo] = useState(transaction.client_memo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tracking = useSelectOptions({ kind: 'tracking-categories', companyPk, side }, '', may(editable, 'tracking_option_one') || may(editable, 'tracking_option_two'));
  const trackingPks: [number | null, number | null] = [tracking.data?.[0]?.pk ?? null, tracking.data?.[1]?.pk ?? null];
  const split = lines.length > 1;
  const remaining = remainingCents(
    transaction.amount,
    lines.map((line) => line.amount),
  );
  const canSplit = may(editable, 'split');

  const patchLine = (key: string, patch: Partial<EditLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const addLine = () =>
    setLines((all) => {
      const left = remainingCents(
        transaction.amount,
        all.map((line) => line.amount),
      );
      return [...all, blankLine(left !== null && left !== 0 ? fromCents(left) : '')];
    });
  const removeLine = (key: string) => setLines((all) => all.filter((line) => line.key !== key));

  const save = (finished: boolean) => {
    const blank = lines.some((line) => !line.amount.trim());
    if (remaining !== null && remaining !== 0) {
      setErrors({ lines: `The lines must add up to ${formatMoney(transaction.amount)}: ${formatMoney(fromCents(remaining))} is left to assign.` });
      return;
    }
    if (remaining === null || blank) {
      setErrors({ lines: 'Every line needs a valid amount, like 12.50.' });
      return;
    }
    setErrors({});
    update.mutate([toChange(transaction, lines, memo, editable, finished)], {
      onSuccess: () => {
        void message.success(finished ? 'Marked as done.' : 'Saved.');
        if (finished) (onDone ?? onClose)(transaction);
      },
      onError: (error) => setErrors(editorErrors(error)),
    });
  };

  // Ctrl+Enter (or Cmd+Enter) saves as done from anywhere in the editor, even inside a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        save(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Flex vertical gap={20} data-testid="transaction-editor">
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
      {transaction.back_message ? <Alert type="warning" showIcon title="Your accountant sent this back" description={transaction.back_message} /> : null}
      {transaction.sync_errors.map((e) => (
        <Alert key={e.pk} type="error" showIcon title="The ledger refused this transaction" description={e.message} />
      ))}
      {errors.form ? <Alert type="error" showIcon title={errors.form} /> : null}
      <Form layout="vertical" component="div">
        {lines.map((line, index) => (
          <LineFields
            key={line.key}
            line={line}
            index={index}
            companyPk={companyPk}
            transactionPk={transaction.pk}
            side={side}
            editable={editable}
            direction={transaction.direction}
            tracking={trackingPks}
            split={split}
            errors={errors}
            onChange={(patch) => patchLine(line.key, patch)}
            onRemove={split ? () => removeLine(line.key) : undefined}
          />
        ))}
        {canSplit ? (
          <Flex align="center" justify="space-between" gap={12} wrap>
            <Button icon={<PlusOutlined />} onClick={addLine}>
              {split ? 'Add a line' : 'Split'}
            </Button>
            {split ? (
              <Typography.Text type={remaining === 0 ? 'success' : 'danger'} data-testid="remaining">
                {remaining === null ? 'Enter every line’s amount' : `Remaining: ${formatMoney(fromCents(remaining))}`}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : null}
        {errors.lines ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
            {errors.lines}
          </Typography.Text>
        ) : null}
        {may(editable, 'memo') ? (
          <Form.Item label="Memo" style={{ marginTop: 16, marginBottom: 0 }} validateStatus={errors.client_memo ? 'error' : undefined} help={errors.client_memo}>
            <Input.TextArea aria-label="Memo" value={memo} onChange={(e) => setMemo(e.target.value)} autoSize={{ minRows: 2 }} placeholder="What was this for?" />
          </Form.Item>
        ) : null}
      </Form>
      <Flex gap={8}>
        <Button type="primary" onClick={() => save(true)} loading={update.isPending}>
          Done
        </Button>
        <Button onClick={() => save(false)} disabled={update.isPending}>
          Save
        </Button>
        <Typography.Text type="secondary" style={{ alignSelf: 'center', fontSize: 12 }}>
          Ctrl + Enter: done · Esc: close
        </Typography.Text>
      </Flex>
      <AttachmentsPanel transaction={transaction} companyPk={companyPk} canEdit={may(editable, 'attachments')} />
      <NoteThread transactionPk={transaction.pk} companyPk={companyPk} />
    </Flex>
  );
};

/** The categorization editor, the same for the client and the accountant; what it shows follows `editable`. */
export const TransactionEditor = (props: TransactionEditorProps) => (
  <Drawer open={props.transaction !== null} onClose={props.onClose} size={560} title="Categorize" destroyOnHidden aria-label="Transaction editor">
    {props.transaction ? <Body key={props.transaction.pk} {...props} transaction={props.transaction} /> : null}
  </Drawer>
);
