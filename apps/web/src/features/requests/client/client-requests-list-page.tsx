import { Link, useParams } from 'react-router';
import { communicationListQuery } from '@herd/contract';
import { parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { parseClientPk, routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { RequestListCard } from './request-list-card';

/** `?page=` keeps the place in the list across a reload and Back; anything that is not a page number is page 1. */
const LIST_DEFAULTS = { page: 1 };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(communicationListQuery.shape.page) };
const usePageParam = (): [number, (page: number) => void] => {
  const [{ page }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS);
  return [page, (next) => setListParams({ page: next })];
};

const Content = ({ companyPk }: { companyPk: number }) => {
  usePageTitle('Completed requests');
  const [page, setPage] = usePageParam();
  return (
    <>
      <PageHeader title="Completed requests" subtitle="Requests that are finished or were cancelled, with your answers." />
      <p style={{ margin: '0 0 16px' }}>
        <Link to={`${routes.client.company}?company=${companyPk}`}>Back to your company</Link>
      </p>
      <RequestListCard
        companyPk={companyPk}
        list="completed"
        page={page}
        onPage={(next) => {
          setPage(next);
          window.scrollTo(0, 0);
        }}
        empty={
          <EmptyPanel title="No completed requests yet" description="Requests you have answered, once your accountant has closed them, are kept here for your records." />
        }
        wholePage
      />
    </>
  );
};

/** /dashboard/client/company-client/comms/completed/:clientPk/ — finished and cancelled requests, read-only. */
export const ClientRequestsCompletedPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} companyPk={pk} />;
};
