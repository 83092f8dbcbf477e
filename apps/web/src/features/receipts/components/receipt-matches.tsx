import { useState } from 'react';
import { Alert, App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Receipt, ReceiptSuggestion, Transaction } from '@herd/contract';
import { serverErrorText } from '../../../lib/form-errors';
import { FormAlert } from '../../../ui/form-alert';
import { ChangesOnly } from '../../billing/read-only-guard';
import { canLookForCharges, useMatchedTransaction, useMatchReceipt, useReceiptSuggestions } from '../receipt-matches-api';
import { matchStrength } from '../receipt-words';
import { whyAsking } from '../receipt-reasons-words';
import { ChargeLine, chargeBox as box, chargeName } from './charge-line';
import { MatchedReasons, ReceiptTwin, ScoreParts } from './receipt-reasons';

/** Where this person opens a matched charge: the accountant's lists; none on the client's side (their completed list shows it). */
export type ChargeAddress = (charge: Transaction) => string | null;

/** The charge the receipt is matched to, with why it was matched and, where given, a link that opens it. */
const Matched = ({ receipt, chargeAddress }: { receipt: Receipt; chargeAddress?: ChargeAddress }) => {
  const details = useMatchedTransaction(receipt);
  if (details.isPending) return <Typography.Text type="secondary">Loading the charge…</Typography.Text>;
  if (details.isError) return <Alert type="error" showIcon title={serverErrorText(details.error)} />;
  const charge = details.data.transaction;
  if (!charge) return <Typography.Text>Matched to a charge on an account you do not see.</Typography.Text>;
  const address = chargeAddress?.(charge) ?? null;
  return (
    <div style={box} aria-label="Matched charge" role="group">
      <ChargeLine charge={charge} />
      <MatchedReasons receipt={receipt} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 13 }}>
        The receipt’s file is attached to this charge.
      </Typography.Text>
      {address ? (
        <Link to={address} style={{ display: 'inline-block', marginTop: 8 }}>
          Open the transaction
        </Link>
      ) : null}
    </div>
  );
};

interface SuggestionCardProps {
  suggestion: ReceiptSuggestion;
  busy: 'match' | 'reject' | null;
  onMatch: () => void;
  onReject: () => void;
}

const SuggestionCard = ({ suggestion, busy, onMatch, onReject }: SuggestionCardProps) => {
  const strength = matchStrength(suggestion.score);
  const name = chargeName(suggestion.transaction);
  return (
    <li style={{ ...box, listStyle: 'none' }} aria-label={`${strength.text}: ${name}`}>
      <Flex vertical gap={8}>
        <Tag color={strength.color} style={{ alignSelf: 'flex-start', margin: 0 }}>
          {strength.text}
        </Tag>
        <ChargeLine charge={suggestion.transaction} />
        <ScoreParts parts={suggestion.parts} />
        <ChangesOnly>
          {/* Buttons a thumb can hit: at least 40 px high, side by side, wrapping on a narrow phone. */}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={onMatch}
              loading={busy === 'match'}
              disabled={busy === 'reject'}
              style={{ minHeight: 40, flex: '1 1 140px' }}
            >
              This is it
            </Button>
            <Popconfirm
              title="Not this charge?"
              description="It will not be suggested for this receipt again."
              okText="Not this one"
              cancelText="Keep it"
              onConfirm={onReject}
            >
              <Button icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy === 'match'} style={{ minHeight: 40, flex: '1 1 140px' }}>
                Not this one
              </Button>
            </Popconfirm>
          </Flex>
        </ChangesOnly>
      </Flex>
    </li>
  );
};

/** Why no charge can be looked for yet, in words; null when it can. */
const notLookableReason = (receipt: Receipt): string | null => {
  if (receipt.client_company === null) return 'Give the receipt to a client first: charges are looked for in its company.';
  if (receipt.date.value === null || receipt.total.value === null) return 'Herd looks for the charge once the receipt has a date and a total.';
  return null;
};

/** The charges that may be this receipt's, best first, with "This is it", "Not this one" and "Find more". */
const Suggestions = ({ receipt }: { receipt: Receipt }) => {
  const suggestions = useReceiptSuggestions(receipt);
  const act = useMatchReceipt();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<{ transaction: number; action: 'match' | 'reject' } | null>(null);
  const reason = notLookableReason(receipt);
  if (reason) return <Typography.Text type="secondary">{reason}</Typography.Text>;
  if (!canLookForCharges(receipt)) return null;

  const send = (transaction: number, action: 'match' | 'reject') => {
    setProblem(null);
    setPending({ transaction, action });
    act.mutate(
      { receipt: receipt.pk, transaction, action },
      {
        onSuccess: () => void message.success(action === 'match' ? 'Receipt matched: its file is attached to the charge.' : 'That charge will not be suggested again.'),
        onError: (error) => setProblem(serverErrorText(error)),
        onSettled: () => setPending(null),
      },
    );
  };
  const list = suggestions.data?.suggestions ?? [];
  return (
    <Flex vertical gap={12}>
      <FormAlert message={problem} />
      {suggestions.isError ? <Alert type="error" showIcon title={serverErrorText(suggestions.error)} /> : null}
      {suggestions.isPending ? <Typography.Text type="secondary">Looking at the company’s charges…</Typography.Text> : null}
      {suggestions.isSuccess && list.length === 0 ? (
        <Typography.Text type="secondary">No charge fits yet. Herd looks again when new charges arrive.</Typography.Text>
      ) : null}
      {whyAsking(list) ? <Typography.Text style={{ fontSize: 13 }}>{whyAsking(list)}</Typography.Text> : null}
      {list.length > 0 ? (
        <ul aria-label="Suggested charges" style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {list.map((suggestion) => (
            <SuggestionCard
              key={suggestion.transaction.pk}
              suggestion={suggestion}
              busy={pending?.transaction === suggestion.transaction.pk ? pending.action : null}
              onMatch={() => send(suggestion.transaction.pk, 'match')}
              onReject={() => send(suggestion.transaction.pk, 'reject')}
            />
          ))}
        </ul>
      ) : null}
      <Flex align="center" gap={8} wrap>
        <Button icon={<SearchOutlined />} onClick={() => void suggestions.refetch()} loading={suggestions.isFetching} style={{ minHeight: 40 }}>
          Find more
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Looks at the charges again, those that arrived since too.
        </Typography.Text>
      </Flex>
    </Flex>
  );
};

const ChargeSection = ({ receipt, mayMatch = true, chargeAddress }: { receipt: Receipt; mayMatch?: boolean | null; chargeAddress?: ChargeAddress }) => {
  const open = !receipt.is_hidden && ['READY', 'PROCESSING', 'SYNC_ERROR'].includes(receipt.status);
  // Not known yet whether this person may match: nothing is offered (or asked) until it is.
  if (receipt.transaction === null && (!open || mayMatch === null)) return null;
  const body =
    receipt.transaction !== null ? (
      <Matched receipt={receipt} chargeAddress={chargeAddress} />
    ) : mayMatch ? (
      <Suggestions receipt={receipt} />
    ) : (
      <Typography.Text type="secondary">Your accountant matches this receipt to its charge.</Typography.Text>
    );
  return (
    <section aria-label="Matching charge">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {receipt.transaction !== null ? 'Matched charge' : 'Which charge is it?'}
      </Typography.Title>
      {body}
    </section>
  );
};

/**
 * A receipt's charge: the one it is matched to, or the charges that may be it. Both sides' drawers
 * show it; the endpoints answer whoever sees the receipt, each side with what that person may see.
 * `mayMatch` false (a client whose company does not let clients add attachments: matching attaches
 * the file) leaves the matching to the accountant rather than offering what the server refuses;
 * null (not known yet) offers nothing until it is known.
 */
export const ReceiptMatches = (props: { receipt: Receipt; mayMatch?: boolean | null; chargeAddress?: ChargeAddress }) => (
  <>
    {/* A duplicate names the receipt it repeats, whatever became of either. */}
    <ReceiptTwin receipt={props.receipt} />
    <ChargeSection {...props} />
  </>
);
