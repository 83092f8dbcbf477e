import { Flex } from 'antd';
import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { canManageClients } from '../../../lib/permissions';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NOT_FOUND_TITLE, NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { QbdSetupCard } from '../../qbd/qbd-setup-card';
import { useClient } from '../api';
import { ApiTokensCard } from '../components/api-tokens-card';
import { ChartImportCard } from '../components/chart-import-card';
import { ClientConnectionCard } from '../components/client-connection-card';
import { ClientNotesCard } from '../components/client-notes-card';
import { ClientSettingsForm } from '../components/client-settings-form';
import { ClientUsersCard } from '../components/client-users-card';
import { ReminderLadderCard } from '../components/reminder-ladder-card';
import { AskRulesCard } from '../components/ask-rules-card';
import { WatchedAccountsCard } from '../components/watched-accounts-card';

const BackToClients = () => (
  <Link to={routes.accountant.clients} style={{ display: 'inline-flex', gap: 6, marginBottom: 8 }}>
    <ArrowLeftOutlined /> Clients
  </Link>
);

const ClientSettingsContent = ({ pk }: { pk: number }) => {
  const profile = useProfile();
  const client = useClient(pk);
  // The API answers 404 for a client this user may not see: that is the not-found page.
  const missing = client.isError && errorStatus(client.error) === 404;
  usePageTitle(client.data ? `${client.data.name} settings` : missing ? NOT_FOUND_TITLE : 'Client settings');

  if (client.isPending) return <PageSpinner caption="Loading client…" />;
  if (missing) return <NotFoundResult />;
  if (client.isError) {
    return (
      <>
        <BackToClients />
        <PageHeader title="Client settings" />
        <QueryError error={client.error} title="Could not load this client" onRetry={() => void client.refetch()} />
      </>
    );
  }
  const company = client.data;
  const canManage = canManageClients(profile);
  return (
    <>
      <BackToClients />
      <PageHeader
        title={company.name}
        subtitle="Client settings and the people who answer for this client."
        extra={
          <ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: company.pk })} icon={<EyeOutlined />}>
            View as client
          </ButtonLink>
        }
      />
      <Flex vertical gap={24}>
        <ClientConnectionCard company={company} canDisconnect={canManage} />
        {/* QuickBooks Desktop has no sign-in: the Web Connector is set up by hand, step by step. */}
        {company.connection_kind === 'QBD' ? <QbdSetupCard companyPk={company.pk} canManage={canManage} /> : null}
        {/* Tokens are managed by those who manage client companies; the server refuses the others. */}
        {company.connection_kind === 'GENERIC' && canManage ? <ApiTokensCard company={company} /> : null}
        {/* Keyed by pk: the form's starting values belong to one client. */}
        <ClientSettingsForm key={company.pk} company={company} canAssign={canManage} />
        <ReminderLadderCard companyPk={company.pk} />
        <AskRulesCard key={`ask-${company.pk}`} company={company} />
        {/* QuickBooks companies get their lists from QuickBooks; only the ledgers Herd holds import them from files. */}
        {company.connection_kind === 'CSV' || company.connection_kind === 'GENERIC' ? <ChartImportCard company={company} /> : null}
        {company.connection_kind === 'CONNECTIONLESS' ? null : <WatchedAccountsCard company={company} />}
        <ClientUsersCard company={company} />
        <ClientNotesCard companyPk={company.pk} />
      </Flex>
    </>
  );
};

/** /settings/accountant/client/:clientPk/: one client company's settings and people. */
export const ClientSettingsPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <ClientSettingsContent pk={pk} />;
};
