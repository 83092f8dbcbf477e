import { Flex, Pagination } from 'antd';

interface ListPagerProps {
  page: number;
  pageSize: number;
  /** Rows the server counted (at most its counting cap). */
  total: number;
  /** The count stopped at the cap: only the server knows whether another page follows. */
  capped?: boolean;
  hasNext?: boolean;
  onChange: (page: number) => void;
}

/** Page links under a client list; nothing at all when everything fits on one page. */
export const ListPager = ({ page, pageSize, total, capped = false, hasNext = false, onChange }: ListPagerProps) => {
  // Past a capped count the pager offers one more page for as long as the server has one.
  const pagingTotal = capped && hasNext ? Math.max(total, page * pageSize + 1) : total;
  if (pagingTotal <= pageSize && page === 1) return null;
  return (
    <Flex justify="center" style={{ padding: '12px 16px', borderTop: '1px solid #eef1ef' }}>
      <Pagination current={page} pageSize={pageSize} total={pagingTotal} showSizeChanger={false} onChange={onChange} />
    </Flex>
  );
};
