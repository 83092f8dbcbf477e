import { Badge, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { communicationListQuery } from '@herd/contract';
import { parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { AskAccountant } from './ask-accountant';
import { useClientRequestCounters } from './client-requests-api';
import { RequestListCard } from './request-list-card';

/** The card's heading: how many requests wait on the client, kept current as they answer. */
const Title = ({ companyPk }: { companyPk: number }) => {
  const counters = useClientRequestCounters(companyPk);
  const waiting = counters.data?.waiting_on_client ?? 0;
  const overdue = counters.data?.overdue ?? 0;
  return (
    <Flex gap={8} align="center" wrap>
      <span>Requests</span>
      {waiting > 0 ? <Badge count={waiting} color="purple" aria-label={`${waiting} waiting on you`} data-testid="requests-waiting" /> : null}
      {overdue > 0 ? (
        <Typography.Text type="danger" style={{ fontSize: 13, fontWeight: 400 }}>
          {overdue} overdue
        </Typography.Text>
      ) : null}
    </Flex>
  );
};

const ListLinks = ({ companyPk }: { companyPk: number }) => {
  const counters = useClientRequestCounters(companyPk);
  const completed = counters.data?.completed;
  return (
    <Flex gap={12} wrap align="center">
      <Link to={buildPath(routes.client.commsCompleted, { clientPk: companyPk })}>Completed{completed === undefined ? '' : ` (${completed})`}</Link>
      <Link to={buildPath(routes.client.commsScheduled, { clientPk: companyPk })}>Scheduled</Link>
    </Flex>
  );
};

// The company page's address also holds the transactions' `page` and the receipts' page: this list's is `requests_page`.
const LIST_DEFAULTS = { page: 1 };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(communicationListQuery.shape.page) };
const LIST_PREFIX = 'requests_';

/**
 * The requests part of a client company's page: what the accountant asks (checklists, reports,
 * notices, W-9s), the most urgent first, each answered in its drawer; and a way to write to them.
 */
export const ClientRequestsSection = ({ companyPk }: { companyPk: number }) => {
  const [{ page }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS, LIST_PREFIX);
  return (
    <section aria-label="Requests">
      <RequestListCard
        companyPk={companyPk}
        list="active"
        page={page}
        onPage={(next) => setListParams({ page: next })}
        title={<Title companyPk={companyPk} />}
        extra={<ListLinks companyPk={companyPk} />}
        empty={
          <Flex vertical gap={12} align="flex-start">
            <Typography.Text type="secondary">Nothing asked of you right now. Requests from your accountant appear here.</Typography.Text>
            <AskAccountant companyPk={companyPk} />
          </Flex>
        }
        footer={<AskAccountant companyPk={companyPk} />}
      />
    </section>
  );
};
