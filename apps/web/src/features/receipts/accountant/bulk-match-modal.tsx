import { useState } from 'react';
import { Flex, Modal, Tag, Typography } from 'antd';
import type { Receipt, ReceiptSuggestion } from '@herd/contract';
import { formatDate } from '../../../lib/format';
import { serverErrorText } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { formatMoney } from '../../transactions/money';
import { canLookForCharges, useBestSuggestions, useBulkMatchReceipts } from '../receipt-matches-api';
import { matchReasons, matchStrength, receiptTotal } from '../receipt-words';

const countWord = (n: number) => (n === 1 ? '1 receipt' : `${n} receipts`);

type Plan = { receipt: Receipt } & ({ best: ReceiptSuggestion } | { best: null; why: string });

/**
 * Each receipt's best suggestion, or why it has none. One charge can explain one receipt: when it is
 * the best of two, the surer pairing keeps it and the other receipt is left for a person to open.
 */
const planMatches = (receipts: readonly Receipt[], looks: ReturnType<typeof useBestSuggestions>): Plan[] => {
  const plans: Plan[] = receipts.map((receipt, i) => {
    const look = looks[i]!;
    if (!canLookForCharges(receipt)) return { receipt, best: null, why: 'needs a date and a total first' };
    if (look.isPending) return { receipt, best: null, why: 'looking…' };
    if (look.isError) return { receipt, best: null, why: serverErrorText(look.error) };
    const best = look.data.suggestions[0];
    return best ? { receipt, best } : { receipt, best: null, why: 'no charge fits yet' };
  });
  const holder = new Map<number, Plan & { best: ReceiptSuggestion }>();
  for (const plan of plans) {
    if (!plan.best) continue;
    const other = holder.get(plan.best.transaction.pk);
    if (!other || plan.best.score > other.best.score) holder.set(plan.best.transaction.pk, plan);
  }
  return plans.map((plan) =>
    plan.best && holder.get(plan.best.transaction.pk) !== plan
      ? { receipt: plan.receipt, best: null, why: 'its best charge fits another selected receipt better: open it to choose' }
      : plan,
  );
};

const PlanRow = ({ plan }: { plan: Plan }) => {
  const name = plan.receipt.vendor.value ?? plan.receipt.file.name;
  const total = receiptTotal(plan.receipt);
  return (
    <li style={{ listStyle: 'none', borderBottom: '1px solid #eef1ef', padding: '10px 0' }} aria-label={name}>
      <Typography.Text strong>
        {name}
        {total ? ` · ${total}` : ''}
      </Typography.Text>
      {plan.best ? (
        <Flex vertical gap={2}>
          <Flex gap={6} wrap align="center">
            <span>→ {plan.best.transaction.payee || plan.best.transaction.description}</span>
            <span>
              {formatMoney(plan.best.transaction.amount, plan.best.transaction.currency)} · {formatDate(plan.best.transaction.date)}
            </span>
            <Tag color={matchStrength(plan.best.score).color}>{matchStrength(plan.best.score).text}</Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {matchReasons(plan.best.parts)}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Not matched: {plan.why}
        </Typography.Text>
      )}
    </li>
  );
};

interface BulkMatchModalProps {
  /** The selected receipts; those without a suggestion are left as they are. */
  receipts: readonly Receipt[];
  open: boolean;
  onClose: () => void;
  onMatched: (count: number) => void;
}

/**
 * "Match to best suggestion" for a selection: each receipt's best charge is shown with its reasons
 * before anything is matched (a match attaches the file to the charge), then all go in one request.
 */
export const BulkMatchModal = ({ receipts, open, onClose, onMatched }: BulkMatchModalProps) => {
  const looks = useBestSuggestions(receipts, open);
  const bulk = useBulkMatchReceipts();
  const [problem, setProblem] = useState<string | null>(null);
  const plans = planMatches(receipts, looks);
  const matches = plans.flatMap((plan) => (plan.best ? [{ receipt: plan.receipt.pk, transaction: plan.best.transaction.pk }] : []));
  const looking = looks.some((look) => look.isFetching);
  const match = () => {
    setProblem(null);
    bulk.mutate(matches, { onSuccess: () => onMatched(matches.length), onError: (error) => setProblem(serverErrorText(error)) });
  };
  return (
    <Modal
      open={open}
      title="Match to best suggestion"
      okText={matches.length ? `Match ${countWord(matches.length)}` : 'Match'}
      okButtonProps={{ disabled: looking || matches.length === 0 }}
      confirmLoading={bulk.isPending}
      onOk={match}
      onCancel={onClose}
      afterClose={() => setProblem(null)}
      destroyOnHidden
    >
      <FormAlert message={problem} />
      <Typography.Paragraph type="secondary">Each receipt’s file is attached to its charge, and the receipt is done.</Typography.Paragraph>
      <ul aria-label="Matches to make" style={{ margin: 0, padding: 0 }}>
        {plans.map((plan) => (
          <PlanRow key={plan.receipt.pk} plan={plan} />
        ))}
      </ul>
    </Modal>
  );
};
