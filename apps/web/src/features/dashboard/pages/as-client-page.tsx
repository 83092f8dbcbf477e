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
import { CompanyView, type CompanyInbox } from '../components/company-view';

const AsClientContent = ({ pk, inbox }: { pk: number; inbox?: CompanyInbox }) => {
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
        description="This is the dashboard exactly as the client sees it. Anything you do here is recorded as you."
        action={
          <ButtonLink to={routes.accountant.clients} size="middle">
            Back to clients
          </ButtonLink>
        }
        style={{ marginBottom: 24 }}
        data-testid="view-as-banner"
      />
      <CompanyView companyPk={pk} inbox={inbox} firmName={profile.accountant_company_user?.company.company_name ?? null} />
    </>
  );
};

/** /dashboard/accountant/as-client/:clientPk/: the client's own dashboard, seen by their accountant. */
export const AsClientPage = ({ inbox }: { inbox?: CompanyInbox }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <AsClientContent key={pk} pk={pk} inbox={inbox} />;
};
