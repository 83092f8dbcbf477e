import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Flex, Pagination, Typography } from 'antd';
import { countText } from '../../../lib/format';
import { errorStatus } from '../../../lib/api-errors';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { CLIENT_REQUESTS_PAGE_SIZE, useClientRequests, type ClientRequestList } from './client-requests-api';
import { RequestDrawer } from './request-drawer';
import { RequestRow } from './request-row';
import { parseClientPk } from '../../../lib/routes';

/** The address's name for a request to open (the emailed link of a new request carries it). */
export const REQUEST_PARAM = 'request';

interface RequestListCardProps {
  companyPk: number;
  list: ClientRequestList;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  title?: ReactNode;
  extra?: ReactNode;
  /** Below a list that has rows (an empty list says its own). */
  footer?: ReactNode;
  /** The list is the page: a company the person may not see (404) is a page not found. */
  wholePage?: boolean;
}

/** One of the client's request lists in a card; each row opens the request in a drawer. */
export const RequestListCard = ({ companyPk, list, page, onPage, empty, title, extra, footer, wholePage = false }: RequestListCardProps) => {
  const requests = useClientRequests(companyPk, list, page);
  const [params, setParams] = useSearchParams();
  // An emailed link names the request it is about (`?request=<pk>`): it opens once the list holds it.
  const linked = list === 'active' ? parseClientPk(params.get(REQUEST_PARAM) ?? undefined) : null;
  const [chosenPk, setChosenPk] = useState<number | null>(null);
  const openPk = chosenPk ?? linked;
  const close = () => {
    setChosenPk(null);
    if (linked !== null) {
      const next = new URLSearchParams(params);
      next.delete(REQUEST_PARAM);
      setParams(next, { replace: true });
    }
  };
  if (wholePage && requests.isError && errorStatus(requests.error) === 404) return <NotFoundResult />;
  // The drawer shows the list's copy, so it follows the list once an answer refreshes it.
  const open = requests.data?.results.find((request) => request.pk === openPk) ?? null;
  return (
    <Card title={title} extra={extra} styles={{ body: { padding: 0 }, header: { flexWrap: 'wrap', rowGap: 8, paddingBlock: 8 } }}>
      {requests.isPending ? <PageSpinner caption="Loading requests…" /> : null}
      {requests.isError ? (
        <div style={{ padding: 16 }}>
          <QueryError error={requests.error} title="Could not load the requests" onRetry={() => void requests.refetch()} />
        </div>
      ) : null}
      {requests.data && requests.data.count === 0 ? <div style={{ padding: 16 }}>{empty}</div> : null}
      {requests.data && requests.data.count > 0 ? (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', padding: '10px 16px' }}>
            {countText(requests.data.count, list === 'active' ? 'open request' : 'request')}
          </Typography.Text>
          <ul aria-label="Requests" style={{ margin: 0, padding: 0 }}>
            {requests.data.results.map((request) => (
              <RequestRow key={request.pk} request={request} onOpen={() => setChosenPk(request.pk)} showStatus={list !== 'active'} />
            ))}
          </ul>
          {requests.data.count > CLIENT_REQUESTS_PAGE_SIZE || page > 1 ? (
            <Flex justify="center" style={{ padding: '12px 16px' }}>
              <Pagination current={page} pageSize={CLIENT_REQUESTS_PAGE_SIZE} total={requests.data.count} showSizeChanger={false} onChange={onPage} simple />
            </Flex>
          ) : null}
          {footer ? <div style={{ padding: '12px 16px', borderTop: '1px solid #eef1ef' }}>{footer}</div> : null}
        </>
      ) : null}
      <RequestDrawer companyPk={companyPk} list={list} request={open} onClose={close} />
    </Card>
  );
};
