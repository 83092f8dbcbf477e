import { Select } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import type { ClientSideCompany } from '@herd/contract';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { useOwnCompanies } from '../../client-side/api';
import { CompanyView, type CompanyInbox, type CompanyReceipts, type CompanyRequests } from '../components/company-view';
import { Greeting } from '../components/greeting';
import { InstallCard } from '../components/install-card';
import { COMPANY_PARAM } from './client-dashboard-page';

const CompanySwitcher = ({ companies, value, onChange }: { companies: ClientSideCompany[]; value: number; onChange: (pk: number) => void }) => (
  <Select
    aria-label="Company"
    value={value}
    onChange={onChange}
    options={companies.map((company) => ({ value: company.pk, label: company.name }))}
    style={{ minWidth: 220 }}
    showSearch={{ optionFilterProp: 'label' }}
  />
);

/**
 * /dashboard/client/company-client/?company=<pk>: one of the client's
 * companies (see COMPANY_PARAM for why the choice lives in the address).
 * Without a choice, a client with one company sees it; with several, the list.
 */
export const ClientCompanyPage = ({ inbox, receipts, requests }: { inbox?: CompanyInbox; receipts?: CompanyReceipts; requests?: CompanyRequests }) => {
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const companies = useOwnCompanies();
  const list = companies.data ?? [];
  const requested = parseClientPk(params.get(COMPANY_PARAM) ?? undefined);
  const pk = requested ?? (list.length === 1 ? list[0]!.pk : null);
  const current = list.find((company) => company.pk === pk);
  usePageTitle(current?.name ?? (companies.isPending ? 'Your company' : 'Dashboard'));

  if (companies.isPending) return <PageSpinner caption="Loading your company…" />;
  if (companies.isError) {
    return (
      <>
        <PageHeader title="Your company" />
        <QueryError error={companies.error} title="Could not load your companies" onRetry={() => void companies.refetch()} />
      </>
    );
  }
  if (pk === null) return <Navigate to={routes.client.dashboard} replace />;
  if (!current) return <NotFoundResult />;

  return (
    <CompanyView
      key={pk}
      companyPk={pk}
      inbox={inbox}
      receipts={receipts}
      requests={requests}
      firmName={profile.client_firm?.company_name ?? null}
      before={
        <>
          <Greeting firstName={profile.first_name} />
          <InstallCard />
        </>
      }
      extra={list.length > 1 ? <CompanySwitcher companies={list} value={pk} onChange={(next) => setParams({ [COMPANY_PARAM]: String(next) })} /> : null}
    />
  );
};
