import { Link, useParams, useSearchParams } from 'react-router';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { RequestListCard } from './request-list-card';

/** `?page=` keeps the place in the list across a reload; anything that is not a page number is page 1. */
const usePageParam = (): [number, (page: number) => void] => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  const page = raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return [page, (next) => setParams(next === 1 ? {} : { page: String(next) })];
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
