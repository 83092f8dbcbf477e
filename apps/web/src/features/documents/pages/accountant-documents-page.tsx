import type { ComponentType } from 'react';
import { Flex } from 'antd';
import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { useClient } from '../../clients/api';
import { useTransactionCounters } from '../../transactions/api';
import { DocumentsBrowser } from '../components/documents-browser';
import { DocumentsTrashButton } from '../components/documents-trash';

/** The accountant's per-client tabs, handed in by the route table (they belong to the transactions feature). */
export type DocumentTabs = ComponentType<{ companyPk: number; active: 'documents'; counters: ReturnType<typeof useTransactionCounters>['data'] }>;

const Content = ({ pk, tabs: AccountantTabs }: { pk: number; tabs: DocumentTabs }) => {
  const company = useClient(pk);
  const counters = useTransactionCounters(pk, 'accountant');
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · documents`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;
  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        subtitle="Files and folders shared with the client. Folders marked accountant only stay the firm’s."
        extra={
          <Flex gap={8} wrap>
            <DocumentsTrashButton companyPk={pk} />
            <ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: pk })} size="middle">
              View as client
            </ButtonLink>
          </Flex>
        }
      />
      <AccountantTabs companyPk={pk} active="documents" counters={counters.data} />
      <DocumentsBrowser side="accountant" companyPk={pk} />
    </>
  );
};

/** /dashboard/accountant/documents/:clientPk/: one client's documents, a tab beside the lists, receipts and requests. */
export const AccountantDocumentsPage = ({ tabs }: { tabs: DocumentTabs }) => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} tabs={tabs} />;
};
