import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { receiptListQuery } from '@herd/contract';
import { parsedBy, type ListParamsSchema } from '../../../lib/list-params';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { useListParams } from '../../../lib/use-list-params';
import { useClientReceiptCounters } from './client-receipts-api';
import { ReceiptListCard } from './receipt-list-card';
import { ReceiptUpload } from './receipt-upload';

/** Links to the done and hidden receipts, with how many each holds once known. */
const ListLinks = ({ companyPk }: { companyPk: number }) => {
  const counters = useClientReceiptCounters(companyPk);
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <Flex gap={12} wrap>
      <Link to={buildPath(routes.client.receiptsCompleted, { clientPk: companyPk })}>Completed{count(counters.data?.completed)}</Link>
      <Link to={buildPath(routes.client.receiptsHidden, { clientPk: companyPk })}>Hidden{count(counters.data?.hidden)}</Link>
    </Flex>
  );
};

// The company page's address also holds the transactions' `page` and the requests' page: this list's is `receipts_page`.
const LIST_DEFAULTS = { page: 1 };
const LIST_PARAMS: ListParamsSchema<typeof LIST_DEFAULTS> = { page: parsedBy(receiptListQuery.shape.page) };
const LIST_PREFIX = 'receipts_';

/**
 * The receipts part of a client company's page: hand receipts over, and the active ones with what
 * was read from them. Its page is in the address as `receipts_page`, beside the other lists'.
 */
export const ClientReceiptsSection = ({ companyPk }: { companyPk: number }) => {
  const [{ page }, setListParams] = useListParams(LIST_PARAMS, LIST_DEFAULTS, LIST_PREFIX);
  return (
    <ReceiptListCard
      companyPk={companyPk}
      list="active"
      page={page}
      onPage={(next) => setListParams({ page: next })}
      title="Receipts"
      extra={<ListLinks companyPk={companyPk} />}
      header={<ReceiptUpload companyPk={companyPk} />}
      empty={<Typography.Text type="secondary">No receipts waiting. Photos and PDFs you upload or email appear here.</Typography.Text>}
    />
  );
};
