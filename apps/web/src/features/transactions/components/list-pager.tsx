import { Flex, Pagination } from 'antd';
import { CLIENT_PAGE_SIZE, type TransactionPage } from '../api';
import { pagingOf, pagingTotal } from '../paging';

interface ListPagerProps {
  page: number;
  list: TransactionPage;
  onChange: (page: number) => void;
}

/** Page links under one of the client's lists; nothing at all when everything fits on one page. */
export const ListPager = ({ page, list, onChange }: ListPagerProps) => {
  const total = pagingTotal(pagingOf(list, page, CLIENT_PAGE_SIZE));
  if (total <= CLIENT_PAGE_SIZE && page === 1) return null;
  return (
    <Flex justify="center" style={{ padding: '12px 16px', borderTop: '1px solid #eef1ef' }}>
      <Pagination current={page} pageSize={CLIENT_PAGE_SIZE} total={total} showSizeChanger={false} onChange={onChange} />
    </Flex>
  );
};
