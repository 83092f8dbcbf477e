import { Card, Flex, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { UpcomingOccurrence } from '@herd/contract';
import { errorStatus } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useUpcomingRequests } from './client-requests-api';
import { KIND_WORDS } from './request-words';

const FREQUENCY_WORDS: Record<UpcomingOccurrence['frequency'], string> = {
  WEEKLY: 'Every week',
  MONTHLY: 'Every month',
  QUARTERLY: 'Every quarter',
  YEARLY: 'Every year',
};

const UpcomingRow = ({ occurrence }: { occurrence: UpcomingOccurrence }) => (
  <li data-testid="upcoming-row" style={{ listStyle: 'none', padding: '12px 16px', borderTop: '1px solid #eef1ef' }}>
    <Flex vertical gap={4}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {occurrence.subject}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        Arrives {formatDate(occurrence.occurrence_date)}
        {occurrence.due_date ? ` · due ${formatDate(occurrence.due_date)}` : ''}
      </Typography.Text>
      <Flex gap={4} wrap>
        <Tag>{KIND_WORDS[occurrence.kind]}</Tag>
        <Tag>{FREQUENCY_WORDS[occurrence.frequency]}</Tag>
      </Flex>
    </Flex>
  </li>
);

const Content = ({ companyPk }: { companyPk: number }) => {
  usePageTitle('Scheduled requests');
  const upcoming = useUpcomingRequests(companyPk);
  if (upcoming.isError && errorStatus(upcoming.error) === 404) return <NotFoundResult />;
  return (
    <>
      <PageHeader title="Scheduled requests" subtitle="What your accountant asks on a schedule, and when each next arrives (the coming three months)." />
      <p style={{ margin: '0 0 16px' }}>
        <Link to={`${routes.client.company}?company=${companyPk}`}>Back to your company</Link>
      </p>
      <Card styles={{ body: { padding: 0 } }}>
        {upcoming.isPending ? <PageSpinner caption="Loading scheduled requests…" /> : null}
        {upcoming.isError ? (
          <div style={{ padding: 16 }}>
            <QueryError error={upcoming.error} title="Could not load the scheduled requests" onRetry={() => void upcoming.refetch()} />
          </div>
        ) : null}
        {upcoming.data?.length === 0 ? (
          <div style={{ padding: 16 }}>
            <EmptyPanel
              title="No scheduled requests"
              description="When your accountant asks for something on a schedule (a monthly statement, a quarterly report), its next dates are listed here."
            />
          </div>
        ) : null}
        {upcoming.data && upcoming.data.length > 0 ? (
          <ul aria-label="Scheduled requests" style={{ margin: 0, padding: 0 }}>
            {upcoming.data.map((occurrence) => (
              <UpcomingRow key={`${occurrence.schedule}-${occurrence.occurrence_date}`} occurrence={occurrence} />
            ))}
          </ul>
        ) : null}
      </Card>
    </>
  );
};

/** /dashboard/client/company-client/comms/scheduled/:clientPk/ — the recurring requests to come, read-only. */
export const ClientScheduledRequestsPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} companyPk={pk} />;
};
