import { Card, Flex, Tag } from 'antd';
import { useParams } from 'react-router';
import { countText } from '../../../lib/format';
import { parseClientPk } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useClientTransactions } from '../api';
import { ListPager } from '../components/list-pager';
import { CLIENT_LIST_DEFAULTS, CLIENT_LIST_PARAMS } from '../paging';
import { TransactionRow } from '../components/transaction-row';

const STATUS: Record<string, string> = {
  FINISHED_IN_HERD: 'With your accountant',
  SYNC_ERROR: 'With your accountant',
  PROCESSING: 'Processing',
  PUBLISHED_IN_PLATFORM: 'Published',
  MATCHED_TO_PLATFORM: 'Published',
};

const Content = ({ pk }: { pk: number }) => {
  usePageTitle('Completed transactions');
  const [{ page }, setListParams] = useListParams(CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS);
  const list = useClientTransactions(pk, 'completed', page);
  const header = <PageHeader title="Completed transactions" subtitle="Transactions you have categorized." />;
  if (list.isPending) return <PageSpinner caption="Loading…" />;
  if (list.isError)
    return (
      <>
        {header}
        <QueryError error={list.error} title="Could not load the transactions" onRetry={() => void list.refetch()} />
      </>
    );
  return (
    <>
      {header}
      {list.data.count === 0 ? (
        <EmptyPanel title="No completed transactions yet" description="Transactions you categorize move here once you have finished them." />
      ) : (
        <Card title={countText(list.data.count, 'transaction', 'transactions', list.data.count_capped)} styles={{ body: { padding: 0 } }}>
          <ul aria-label="Completed transactions" style={{ margin: 0, padding: 0 }}>
            {list.data.results.map((t) => (
              <TransactionRow
                key={t.pk}
                transaction={{ ...t, back_message: '' }}
                active={false}
                selected={false}
                extra={
                  <Flex gap={6}>
                    <Tag>{t.lines.length > 1 ? `Split in ${t.lines.length}` : (t.lines[0]?.category?.name ?? 'No category')}</Tag>
                    <Tag color="green">{STATUS[t.status] ?? t.status}</Tag>
                  </Flex>
                }
              />
            ))}
          </ul>
          <ListPager
            page={page}
            list={list.data}
            onChange={(next) => {
              setListParams({ page: next });
              window.scrollTo(0, 0);
            }}
          />
        </Card>
      )}
    </>
  );
};

/** /dashboard/client/company-client/transactions/completed/:clientPk/ */
export const ClientCompletedPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} />;
};
