import { Button } from 'antd';
import { Link, useParams } from 'react-router';
import { receiptListQuery } from '@herd/contract';
import { parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { parseClientPk, routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { useServerError } from '../../../ui/use-server-error';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useUnhideClientReceipts } from './client-receipts-api';
import { ReceiptListCard } from './receipt-list-card';

type DoneList = 'completed' | 'hidden';

const WORDS: Record<DoneList, { title: string; subtitle: string; emptyTitle: string; emptyDescription: string }> = {
  completed: {
    title: 'Completed receipts',
    subtitle: 'Receipts that are done: marked done, or matched to their transaction.',
    emptyTitle: 'No completed receipts yet',
    emptyDescription: 'Receipts you mark done, or that are matched to their transaction, are kept here for your records.',
  },
  hidden: {
    title: 'Hidden receipts',
    subtitle: 'Receipts you have hidden. Unhide one to bring it back.',
    emptyTitle: 'No hidden receipts',
    emptyDescription: 'Receipts you hide are kept here, so you can bring them back at any time.',
  },
};

/** `?page=` keeps the place in the list across a reload and Back; anything that is not a page number is page 1. */
const LIST_DEFAULTS = { page: 1 };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(receiptListQuery.shape.page) };
const usePageParam = (): [number, (page: number) => void] => {
  const [{ page }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS);
  return [page, (next) => setListParams({ page: next })];
};

const UnhideButton = ({ companyPk, receiptPk }: { companyPk: number; receiptPk: number }) => {
  const unhide = useUnhideClientReceipts(companyPk);
  const showError = useServerError();
  return (
    <ChangesOnly>
      <Button onClick={() => unhide.mutate([receiptPk], { onError: (e) => showError(e, 'Could not unhide the receipt') })} loading={unhide.isPending}>
        Unhide
      </Button>
    </ChangesOnly>
  );
};

const Content = ({ companyPk, list }: { companyPk: number; list: DoneList }) => {
  const words = WORDS[list];
  usePageTitle(words.title);
  const [page, setPage] = usePageParam();
  return (
    <>
      <PageHeader title={words.title} subtitle={words.subtitle} />
      <p style={{ margin: '0 0 16px' }}>
        <Link to={`${routes.client.company}?company=${companyPk}`}>Back to your company</Link>
      </p>
      <ReceiptListCard
        companyPk={companyPk}
        list={list}
        page={page}
        onPage={(next) => {
          setPage(next);
          window.scrollTo(0, 0);
        }}
        empty={<EmptyPanel title={words.emptyTitle} description={words.emptyDescription} />}
        wholePage
        rowExtra={list === 'hidden' ? (receipt) => <UnhideButton companyPk={companyPk} receiptPk={receipt.pk} /> : undefined}
      />
    </>
  );
};

/** /dashboard/client/company-client/receipts/completed|hidden/:clientPk/ */
export const ClientReceiptsListPage = ({ list }: { list: DoneList }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={`${list}-${pk}`} companyPk={pk} list={list} />;
};
