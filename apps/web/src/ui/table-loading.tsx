import type { ReactNode } from 'react';
import { Skeleton } from 'antd';

/**
 * A table's loading and empty states together. While its first rows are on their way a table shows skeleton
 * rows, never its empty text ("No data", "No receipts here.") under a spinner, which reads as a false answer;
 * with rows already shown, a refresh keeps them under the spinner. Spread onto antd's Table.
 */
export const tableLoading = (loading: boolean, hasRows: boolean, emptyText?: ReactNode) => ({
  loading: loading && hasRows,
  locale: {
    emptyText:
      loading && !hasRows ? (
        <div role="status" aria-label="Loading" data-testid="table-skeleton" style={{ padding: '8px 0', textAlign: 'start' }}>
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : (
        emptyText
      ),
  },
});
