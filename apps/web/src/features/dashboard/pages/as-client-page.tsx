import { Alert } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NOT_FOUND_TITLE, NotFoundResult } from '../../../ui/not-found-result';
import { useProfile } from '../../auth/api';
import { useOwnCompany } from '../../client-side/api';
import { ClientPreviewProvider } from '../../client-side/preview';
import { CompanyView, type CompanyInbox, type CompanyReceipts, type CompanyRequests } from '../components/company-view';

/** The client's sections, handed in by the routes as on the client's own company page. */
interface Sections {
  inbox?: CompanyInbox;
  receipts?: CompanyReceipts;
  requests?: CompanyRequests;
}

const AsClientContent = ({ pk, inbox, receipts, requests }: Sections & { pk: number }) => {
  const profile = useProfile();
  const company = useOwnCompany(pk);
  const missing = company.isError && errorStatus(company.error) === 404;
  usePageTitle(company.data ? `Viewing as ${company.data.name}` : missing ? NOT_FOUND_TITLE : 'Client view');
  if (missing) return <NotFoundResult />;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        icon={<EyeOutlined />}
        title={company.data ? `Viewing as ${company.data.name}` : 'Viewing as the client'}
        description="A preview of the client’s screens as they see them: transactions, receipts and requests. Their requests are theirs to answer; what you do with transactions and receipts here is recorded as you."
        action={
          <ButtonLink to={routes.accountant.clients} size="middle">
            Back to clients
          </ButtonLink>
        }
        style={{ marginBottom: 24 }}
        data-testid="view-as-banner"
      />
      <ClientPreviewProvider value>
        <CompanyView companyPk={pk} inbox={inbox} receipts={receipts} requests={requests} firmName={profile.accountant_company_user?.company.company_name ?? null} />
      </ClientPreviewProvider>
    </>
  );
};

/** /dashboard/accountant/as-client/:clientPk/: the client's own dashboard, seen by their accountant. */
export const AsClientPage = (sections: Sections) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <AsClientContent key={pk} pk={pk} {...sections} />;
};
