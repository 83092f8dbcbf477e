import { useState, type ReactNode } from 'react';
import { Card, Flex, Pagination, Typography } from 'antd';
import type { Receipt } from '@herd/contract';
import { countText } from '../../../lib/format';
import { errorStatus } from '../../../lib/api-errors';
import { NotFoundResult } from '../../../ui/not-found-result';
import { QueryError } from '../../../ui/query-error';
import { PageSpinner } from '../../../ui/page-spinner';
import { ReceiptRow } from '../components/receipt-row';
import { CLIENT_RECEIPTS_PAGE_SIZE, useClientReceipts, type ClientReceiptList } from './client-receipts-api';
import { ReceiptEditor } from './receipt-editor';

interface ReceiptListCardProps {
  companyPk: number;
  list: ClientReceiptList;
  page: number;
  onPage: (page: number) => void;
  /** What an empty list says. */
  empty: ReactNode;
  /** Above the list, inside the card (the upload). */
  header?: ReactNode;
  /** The card's heading; none on a page whose own heading says it. */
  title?: ReactNode;
  extra?: ReactNode;
  /** Actions on one row (unhide). */
  rowExtra?: (receipt: Receipt) => ReactNode;
  /** The list is the page: a company the person may not see (404) is a page not found rather than a failure to retry. */
  wholePage?: boolean;
}

/** One of the client's receipt lists in a card: each row opens the receipt; page links when it runs long. */
export const ReceiptListCard = ({ companyPk, list, page, onPage, empty, header, title, extra, rowExtra, wholePage = false }: ReceiptListCardProps) => {
  const receipts = useClientReceipts(companyPk, list, page);
  const [openPk, setOpenPk] = useState<number | null>(null);
  if (wholePage && receipts.isError && errorStatus(receipts.error) === 404) return <NotFoundResult />;
  const open = receipts.data?.results.find((receipt) => receipt.pk === openPk) ?? null;
  return (
    <Card title={title} extra={extra} styles={{ body: { padding: 0 }, header: { flexWrap: 'wrap' } }}>
      {header ? <div style={{ padding: 16, borderBottom: '1px solid #eef1ef' }}>{header}</div> : null}
      {receipts.isPending ? <PageSpinner caption="Loading receipts…" /> : null}
      {receipts.isError ? (
        <div style={{ padding: 16 }}>
          <QueryError error={receipts.error} title="Could not load the receipts" onRetry={() => void receipts.refetch()} />
        </div>
      ) : null}
      {receipts.data && receipts.data.count === 0 ? <div style={{ padding: 16 }}>{empty}</div> : null}
      {receipts.data && receipts.data.count > 0 ? (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', padding: '10px 16px 0' }}>
            {countText(receipts.data.count, 'receipt')}
          </Typography.Text>
          <ul aria-label="Receipts" style={{ margin: 0, padding: 0 }}>
            {receipts.data.results.map((receipt) => (
              <ReceiptRow key={receipt.pk} receipt={receipt} onOpen={() => setOpenPk(receipt.pk)} extra={rowExtra?.(receipt)} />
            ))}
          </ul>
          {receipts.data.count > CLIENT_RECEIPTS_PAGE_SIZE || page > 1 ? (
            <Flex justify="center" style={{ padding: '12px 16px' }}>
              <Pagination current={page} pageSize={CLIENT_RECEIPTS_PAGE_SIZE} total={receipts.data.count} showSizeChanger={false} onChange={onPage} simple />
            </Flex>
          ) : null}
        </>
      ) : null}
      <ReceiptEditor companyPk={companyPk} receipt={open} onClose={() => setOpenPk(null)} />
    </Card>
  );
};
