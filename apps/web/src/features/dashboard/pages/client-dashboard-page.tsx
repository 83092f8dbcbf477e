import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { useProfile } from '../../auth/api';
import { Greeting } from '../components/greeting';

/** /dashboard/client/: what the client's accountant is waiting for. */
export const ClientDashboardPage = () => {
  usePageTitle('Dashboard');
  const profile = useProfile();
  const firmName = profile.client_firm?.company_name ?? null;
  return (
    <>
      <Greeting firstName={profile.first_name} />
      <PageHeader
        title="Your to-do list"
        subtitle={firmName ? `Questions and requests from your accountant at ${firmName}.` : 'Questions and requests from your accountant.'}
      />
      <EmptyPanel
        title="No transactions to categorize yet"
        description={`When ${firmName ?? 'your accountant'} asks about a transaction, receipt or document, it appears here for you to answer in a couple of clicks.`}
      />
    </>
  );
};
