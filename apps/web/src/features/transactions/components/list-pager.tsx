import { Flex, Pagination } from 'antd';

interface ListPagerProps {
  page: number;
  pageSize: number;
  /** Rows the server counted (at most its counting cap). */
  total: number;
  onChange: (page: number) => void;
}

/** Page links under a client list; nothing at all when everything fits on one page. */
export const ListPager = ({ page, pageSize, total, onChange }: ListPagerProps) => {
  if (total <= pageSize && page === 1) return null;
  return (
    <Flex justify="center" style={{ padding: '12px 16px', borderTop: '1px solid #eef1ef' }}>
      <Pagination current={page} pageSize={pageSize} total={total} showSizeChanger={false} onChange={onChange} />
    </Flex>
  );
};
