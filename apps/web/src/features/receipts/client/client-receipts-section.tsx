import { useState } from 'react';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
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

/**
 * The receipts part of a client company's page: hand receipts over, and the active ones with what
 * was read from them. The page number stays in the component: the page's address already keeps the
 * transactions' `page`.
 */
export const ClientReceiptsSection = ({ companyPk }: { companyPk: number }) => {
  const [page, setPage] = useState(1);
  return (
    <ReceiptListCard
      companyPk={companyPk}
      list="active"
      page={page}
      onPage={setPage}
      title="Receipts"
      extra={<ListLinks companyPk={companyPk} />}
      header={<ReceiptUpload companyPk={companyPk} />}
      empty={<Typography.Text type="secondary">No receipts waiting. Photos and PDFs you upload or email appear here.</Typography.Text>}
    />
  );
};
