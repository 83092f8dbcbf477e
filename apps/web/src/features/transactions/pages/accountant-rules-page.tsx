import { useParams } from 'react-router';
import { errorStatus } from '../../../lib/api-errors';
import { buildPath } from '../../../lib/path-builder';
import { parseClientPk, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { NotFoundResult } from '../../../ui/not-found-result';
import { PageHeader } from '../../../ui/page-header';
import { useClient } from '../../clients/api';
import { useTransactionCounters } from '../api';
import { AccountantTabs } from '../components/accountant-tabs';
import { RulesPanel } from '../components/rules-panel';

const Content = ({ pk }: { pk: number }) => {
  const company = useClient(pk);
  const counters = useTransactionCounters(pk, 'accountant');
  const name = company.data?.name ?? 'Client';
  usePageTitle(`${name} · rules`);
  if (company.isError && errorStatus(company.error) === 404) return <NotFoundResult />;
  return (
    <>
      <PageHeader
        title={name}
        loading={company.isPending}
        subtitle="Rules that answer for this client, and what Herd learned from their answers."
        extra={<ButtonLink to={buildPath(routes.accountant.asClient, { clientPk: pk })}>View as client</ButtonLink>}
      />
      <AccountantTabs companyPk={pk} active="rules" counters={counters.data} />
      <RulesPanel companyPk={pk} />
    </>
  );
};

/** /dashboard/accountant/rules/:clientPk/: one client's rules and learned patterns, a tab beside the lists. */
export const AccountantRulesPage = () => {
  const { clientPk } = useParams();
  const pk = parseClientPk(clientPk);
  if (pk === null) return <NotFoundResult />;
  return <Content key={pk} pk={pk} />;
};
