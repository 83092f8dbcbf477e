import { App, Button, Empty, Flex, List, Tag, Typography } from 'antd';
import { REVIEW_CHECK_LABELS, type ReviewFinding } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../money';
import { useAskAboutFinding, useDismissFinding, type FindingState } from '../review-checks-api';

const FindingActions = ({ companyPk, finding }: { companyPk: number; finding: ReviewFinding }) => {
  const dismiss = useDismissFinding(companyPk);
  const ask = useAskAboutFinding(companyPk);
  const { message } = App.useApp();
  const fail = (err: unknown) => void message.error(normaliseError(err).message);
  // Awaited rather than per-call callbacks: the finding leaves the list (and this row unmounts) as soon as the list is
  // read again, and a per-call callback of an unmounted row never runs.
  // A transaction only the ledger holds cannot go back to the client: the question goes as a request instead.
  const inLedgerOnly = finding.transaction.pk === null;
  const askClient = () =>
    ask.mutateAsync(finding.pk).then(() => void message.success(inLedgerOnly ? 'Asked the client in a request' : 'Sent to the client with the question'), fail);
  return (
    <Flex gap={8} wrap>
      <Button
        onClick={() => void askClient()}
        loading={ask.isPending}
        disabled={dismiss.isPending}
        title={inLedgerOnly ? `Sends the client a request: “${finding.question}”` : `Sends it back to the client with: “${finding.question}”`}
      >
        Ask the client
      </Button>
      <Button onClick={() => void dismiss.mutateAsync(finding.pk).catch(fail)} loading={dismiss.isPending} disabled={ask.isPending}>
        Dismiss
      </Button>
    </Flex>
  );
};

/** The findings of one state: what the check found and why, the transaction, and (for open ones) what to do with it. */
export const FindingsList = ({ companyPk, state, findings, loading }: { companyPk: number; state: FindingState; findings: ReviewFinding[]; loading: boolean }) => (
  <List
    loading={loading}
    dataSource={findings}
    locale={{ emptyText: <Empty description={state === 'open' ? 'Nothing to look at: the checks found nothing open.' : `No ${state} findings.`} /> }}
    renderItem={(finding) => (
      // The buttons sit under the words, not beside them: beside, a phone's width left the words a column one word wide.
      <List.Item key={finding.pk}>
        <List.Item.Meta
          title={
            <Flex gap={8} wrap align="center">
              <Tag>{REVIEW_CHECK_LABELS[finding.check].name}</Tag>
              {finding.transaction.pk === null ? <Tag color="blue">Only in the ledger</Tag> : null}
              <Typography.Text strong>{finding.transaction.payee || 'No payee'}</Typography.Text>
              <Typography.Text>
                {formatDate(finding.transaction.date)} · ${formatMoney(finding.transaction.amount)}
              </Typography.Text>
            </Flex>
          }
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>{finding.reason}</Typography.Paragraph>
              {state === 'asked' ? <Typography.Text type="secondary">Asked: “{finding.question}”</Typography.Text> : null}
              {state === 'open' ? <FindingActions companyPk={companyPk} finding={finding} /> : null}
            </>
          }
        />
      </List.Item>
    )}
  />
);
