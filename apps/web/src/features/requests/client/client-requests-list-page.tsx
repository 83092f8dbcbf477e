import { Link, useParams } from 'react-router';
import { Flex } from 'antd';
import { communicationListQuery } from '@herd/contract';
import { parsedBy, yesNo, type ListParamsSchema } from '../../../lib/list-params';
import { parseClientPk, routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { RequestListCard } from './request-list-card';
import { useClientRequestCounters } from './client-requests-api';

/**
 * `?page=` keeps the place in the list across a reload and Back (anything that is not a page number is
 * page 1); `?hidden=true` shows the completed requests the client hid from this list instead.
 */
const LIST_DEFAULTS = { page: 1, hidden: false };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(communicationListQuery.shape.page), hidden: yesNo };

/** From one list to the other: to the hidden ones (with how many) from the completed list, and back (each from its first page). */
const OtherList = ({ companyPk, hidden }: { companyPk: number; hidden: boolean }) => {
  const counters = useClientRequestCounters(companyPk);
  const count = counters.data?.hidden;
  if (hidden) return <Link to={{ search: '' }}>All completed requests</Link>;
  return <Link to={{ search: 'hidden=true' }}>Hidden{count === undefined ? '' : ` (${count})`}</Link>;
};

const Content = ({ companyPk }: { companyPk: number }) => {
  const [{ page, hidden }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS);
  usePageTitle(hidden ? 'Hidden requests' : 'Completed requests');
  return (
    <>
      <PageHeader
        title={hidden ? 'Hidden requests' : 'Completed requests'}
        subtitle={
          hidden
            ? 'Finished and cancelled requests you took off your list. Your accountant still has them.'
            : 'Requests that are finished or were cancelled, with your answers.'
        }
      />
      <Flex gap={16} wrap style={{ margin: '0 0 16px' }}>
        <Link to={`${routes.client.company}?company=${companyPk}`}>Back to your company</Link>
        <OtherList companyPk={companyPk} hidden={hidden} />
      </Flex>
      <RequestListCard
        key={hidden ? 'hidden' : 'completed'}
        companyPk={companyPk}
        list={hidden ? 'hidden' : 'completed'}
        page={page}
        onPage={(next) => {
          setListParams({ page: next });
          window.scrollTo(0, 0);
        }}
        empty={
          hidden ? (
            <EmptyPanel title="No hidden requests" description="A finished or cancelled request you hide from your list is kept here." />
          ) : (
            <EmptyPanel
              title="No completed requests yet"
              description="Requests you have answered, once your accountant has closed them, are kept here for your records."
            />
          )
        }
        wholePage
      />
    </>
  );
};

/** /dashboard/client/company-client/comms/completed/:clientPk/ — finished and cancelled requests, read-only; `?hidden=true` those the client hid. */
export const ClientRequestsCompletedPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} companyPk={pk} />;
};
