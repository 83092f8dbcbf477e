import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';

/** /analytics/ (behind FEATURE_TRANSACTION_ANALYTICS): charts arrive once transactions flow in. */
export const AnalyticsPage = () => {
  usePageTitle('Analytics');
  return (
    <>
      <PageHeader title="Analytics" subtitle="How quickly clients answer, and where the uncategorized money goes." />
      <EmptyPanel
        title="No transaction analytics yet"
        description="Once your clients' transactions are synced and categorized, totals per month and per client appear here."
      />
    </>
  );
};
