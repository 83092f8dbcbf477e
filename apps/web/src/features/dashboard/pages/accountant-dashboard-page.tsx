import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { useProfile } from '../../auth/api';
import { Greeting } from '../components/greeting';

/** /dashboard/accountant/: the firm's home. Client lists arrive with client management. */
export const AccountantDashboardPage = () => {
  usePageTitle('Dashboard');
  const profile = useProfile();
  const firmName = profile.accountant_company_user?.company.company_name ?? 'Your firm';
  return (
    <>
      <Greeting firstName={profile.first_name} />
      <PageHeader title={firmName} subtitle="Everything your clients owe you answers on, in one place." />
      <EmptyPanel
        title="Add your first client"
        description="Connect a client company's ledger or bank CSV and Herd asks its people about every uncategorized transaction. Adding clients arrives with the next update of Herd; their work will show up right here."
      />
    </>
  );
};
