import { useState } from 'react';
import { App, Button, Flex, Tag, Typography } from 'antd';
import type { Transaction, TransactionStatus } from '@herd/contract';
import { formatDate, formatDateTime } from '../../../lib/format';
import { CONNECTION_KIND_LABELS } from '../../../lib/labels';
import { useClient } from '../../clients/api';
import { QueryError } from '../../../ui/query-error';
import { useServerError } from '../../../ui/use-server-error';
import { useChangeGuard } from '../../billing/read-only-guard';
import { useBulkAction, type PublishResult } from '../api';
import { ledgerName } from '../history-words';
import { useTransactionHistory, type TransactionHistory } from '../review-api';
import { publishMessage } from './publish-report';
import { connectorNextRunOf, TransactionStatusTag } from './transaction-status-tag';
import { AnswerOriginTag } from './answer-origin-tag';
import { ClosedPeriodTag } from './closed-period-tag';
import { HistoryList } from './history-list';
import { SendBackModal } from './send-back-modal';
import { canAdministerFirm } from '../../../lib/permissions';
import { useProfile } from '../../auth/api';
import { RuleFormModal } from './rule-form-modal';
import { canMakeRuleFrom, draftFromTransaction, type RuleDraft } from '../rule-draft';

/** Statuses the accountant publishes from; a SYNC_ERROR one is refused until its errors are cleared, and the server says so. */
const PUBLISHABLE: readonly TransactionStatus[] = ['FINISHED_IN_HERD', 'SYNC_ERROR'];
/** Statuses that can go back to the client: answered, refused by the ledger, or published and needing a correction. */
const RETURNABLE: readonly TransactionStatus[] = ['FINISHED_IN_HERD', 'SYNC_ERROR', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'];
export const IN_LEDGER: readonly TransactionStatus[] = ['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'];

/** "Published to QuickBooks Online on Nov 3, 2026 by Alex Smith." */
export const publishedSentence = (status: TransactionStatus, history: TransactionHistory): string | null => {
  if (!IN_LEDGER.includes(status) || !history.published) return null;
  const where = ledgerName(history.connection_kind);
  const what = status === 'MATCHED_TO_PLATFORM' ? `Matched in ${where}` : `Published to ${where}`;
  const by = history.published.by ? ` by ${history.published.by.name}` : '';
  return `${what} on ${formatDate(history.published.at)}${by}.`;
};

/** Where a client's latest answer came from when not the app: the newest answer in the history says. */
const REPLY_WORDS = { TEXT: ' by text', EMAIL: ' by email reply' } as const;

/** "Answered by Casey Baker by text on Dec 7, 2026, 11:00 AM." */
export const answeredSentence = (history: TransactionHistory): string => {
  const answered = history.answered;
  if (!answered) return 'Not answered yet.';
  const verb = answered.by?.side === 'accountant' ? 'Marked as done' : 'Answered';
  const via = history.entries.findLast((entry) => entry.action === 'transaction.categorize')?.via;
  return `${verb}${answered.by ? ` by ${answered.by.name}` : ''}${via ? REPLY_WORDS[via] : ''} on ${formatDateTime(answered.at)}.`;
};

interface ReviewPanelProps {
  transaction: Transaction;
  companyPk: number;
  /** Edits not saved yet: a publish sends what the server holds, so it waits for them. */
  unsaved: boolean;
  /** After a send back: the transaction is the client's again. */
  onSentBack: () => void;
}

/** The accountant's review of one transaction: its status, who answered and when, where it was published, and Publish / Send back. */
export const ReviewPanel = ({ transaction, companyPk, unsaved, onSentBack }: ReviewPanelProps) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const history = useTransactionHistory(companyPk, transaction.pk);
  const bulk = useBulkAction(companyPk);
  const [backOpen, setBackOpen] = useState(false);
  const [ruleDraft, setRuleDraft] = useState<RuleDraft | null>(null);
  const profile = useProfile();
  // QuickBooks Desktop: the client's cached page says when its Web Connector runs next, which a publish waits for.
  const connectorNextRun = connectorNextRunOf(useClient(companyPk).data);
  const kind = history.data?.connection_kind;
  const remote = kind === 'QBO' || kind === 'QBD' || kind === 'XERO';

  const publish = () =>
    bulk.mutate(
      { action: 'publish', pks: [transaction.pk] },
      {
        onSuccess: (answer) =>
          void message.success(publishMessage(answer as PublishResult, remote ? CONNECTION_KIND_LABELS[kind] : 'the ledger', connectorNextRun ?? null)),
        onError: (error) => showError(error),
      },
    );
  const sendBack = (text: string) =>
    bulk.mutate(
      { action: 'back', pks: [transaction.pk], message: text },
      {
        onSuccess: () => {
          void message.success('Sent back to the client.');
          setBackOpen(false);
          onSentBack();
        },
        onError: (error) => showError(error),
      },
    );

  const guard = useChangeGuard();
  const running = (action: 'publish' | 'back') => bulk.isPending && bulk.variables?.action === action;
  const published = history.data ? publishedSentence(transaction.status, history.data) : null;
  const canPublish = PUBLISHABLE.includes(transaction.status);
  // A correction journal stands in the ledger: asking again would post a second one (the server refuses it too).
  const canSendBack = RETURNABLE.includes(transaction.status) && !transaction.correction;
  const canMakeRule = canMakeRuleFrom(transaction);
  return (
    <section aria-label="Review" data-testid="review-panel" style={{ background: '#f7f8f7', borderRadius: 8, padding: 12 }}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text type="secondary">Status</Typography.Text>
        <TransactionStatusTag status={transaction.status} connectorNextRun={connectorNextRun} data-testid="review-status" />
        <AnswerOriginTag transaction={transaction} />
        <ClosedPeriodTag transaction={transaction} />
        {transaction.is_hidden ? <Tag>Hidden</Tag> : null}
      </Flex>
      {history.isError ? <QueryError error={history.error} title="Could not load who answered" onRetry={() => void history.refetch()} /> : null}
      {history.data ? (
        <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="review-answered">
          {answeredSentence(history.data)}
        </Typography.Paragraph>
      ) : null}
      {published ? (
        <Typography.Paragraph strong style={{ margin: '4px 0 0' }} data-testid="review-published">
          {published}
        </Typography.Paragraph>
      ) : null}
      {canPublish || canSendBack || canMakeRule ? (
        <Flex gap={8} wrap align="center" style={{ marginTop: 12 }}>
          {canPublish ? (
            <Button
              type="primary"
              onClick={publish}
              loading={running('publish')}
              title={guard.title}
              disabled={guard.disabled || unsaved || (bulk.isPending && !running('publish'))}
            >
              Publish
            </Button>
          ) : null}
          {canSendBack ? (
            <Button onClick={() => setBackOpen(true)} title={guard.title} disabled={guard.disabled || bulk.isPending}>
              Send back
            </Button>
          ) : null}
          {canMakeRule ? (
            <Button
              onClick={() => setRuleDraft(draftFromTransaction(transaction))}
              title={guard.title ?? 'A rule files this payee’s transactions the same way from now on.'}
              disabled={guard.disabled}
            >
              Make a rule
            </Button>
          ) : null}
          {canPublish && unsaved ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Save your changes first: Publish sends what is saved.
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      <RuleFormModal companyPk={companyPk} draft={ruleDraft} canWriteFirmRules={canAdministerFirm(profile)} onClose={() => setRuleDraft(null)} />
      <SendBackModal name="send-back-one" count={1} open={backOpen} loading={running('back')} onCancel={() => setBackOpen(false)} onSend={sendBack} />
    </section>
  );
};

/** The history at the foot of the review drawer (it shares the panel's request). */
export const ReviewHistory = ({ transaction, companyPk }: { transaction: Transaction; companyPk: number }) => {
  const history = useTransactionHistory(companyPk, transaction.pk);
  if (!history.data) return null;
  return <HistoryList entries={history.data.entries} connectionKind={history.data.connection_kind} truncated={history.data.truncated} />;
};
