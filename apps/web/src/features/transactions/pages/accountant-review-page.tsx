import { useState } from 'react';
import { App, Button, Flex, Segmented, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { useClient } from '../../clients/api';
import { useTransactionCounters } from '../api';
import { AccountantTabs } from '../components/accountant-tabs';
import { useReviewFindings, useRunReviewChecks, type FindingState } from '../review-checks-api';
import { FindingsList } from '../components/findings-list';

const STATES = [
  { value: 'open', label: 'Open' },
  { value: 'asked', label: 'Asked' },
  { value: 'dismissed', label: 'Dismissed' },
];

const Content = ({ pk }: { pk: number }) => {
  const company = useClient(pk);
  const counters = useTransactionCounters(pk, 'accountant');
  const [state, setState] = useState<FindingState>('open');
  // After "Run the checks now": the list follows until a run newer than this one has finished.
  const [waitingSince, setWaitingSince] = useState<string | null>(null);
  const findings = useReviewFindings(pk, state, waitingSince);
  const run = useRunReviewChecks(pk);
  const { message } = App.useApp();
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · review`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;
  const checkedAt = findings.data?.checked_at ?? null;
  const waiting = waitingSince !== null && (checkedAt ?? '') <= waitingSince;
  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        subtitle="What the review checks found in the client’s categorized transactions. Nothing changes in the ledger by itself."
      />
      <AccountantTabs companyPk={pk} active="review" counters={counters.data} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Segmented aria-label="Which findings" options={STATES} value={state} onChange={(value) => setState(value as FindingState)} />
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="secondary">{waiting ? 'Checking…' : checkedAt ? `Checked ${formatDateTime(checkedAt)}` : 'Not checked yet'}</Typography.Text>
          <Link to={`${routes.settings.accountant}?tab=review-checks`}>Which checks run</Link>
          <Button
            loading={run.isPending || waiting}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: () => setWaitingSince(checkedAt ?? new Date(0).toISOString()),
                onError: () => void message.error('Could not start the checks; try again.'),
              })
            }
          >
            Run the checks now
          </Button>
        </Flex>
      </Flex>
      {findings.isError ? (
        <QueryError error={findings.error} title="Could not load the findings" onRetry={() => void findings.refetch()} />
      ) : (
        <FindingsList companyPk={pk} state={state} findings={findings.data?.results ?? []} loading={findings.isPending} />
      )}
    </>
  );
};

/** /dashboard/accountant/review/:clientPk/: the review checks' findings for one client, a tab beside the lists. */
export const ReviewPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} />;
};
