import { Flex } from 'antd';
import { useParams } from 'react-router';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { useOwnCompanies } from '../../client-side/api';
import { DocumentsBrowser } from '../components/documents-browser';

/** /dashboard/client/company-client/documents/:clientPk/: the files and folders the company shares with its firm. */
export const ClientDocumentsPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  const companies = useOwnCompanies();
  const company = companies.data?.find((c) => c.pk === pk);
  usePageTitle(company ? `${company.name} · documents` : 'Documents');
  if (pk === null) return <NotFoundResult />;
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <PageHeader
        title="Documents"
        subtitle={company ? `Files ${company.name} shares with your accountant: statements, tax forms, reports.` : 'Files you share with your accountant.'}
        extra={
          <ButtonLink to={`${routes.client.company}?company=${pk}`} size="middle">
            Back to {company?.name ?? 'your company'}
          </ButtonLink>
        }
      />
      <DocumentsBrowser key={pk} side="client" companyPk={pk} />
    </Flex>
  );
};
