import { Card, Col, Flex, Row, Statistic } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { canManageClients } from '../../../lib/permissions';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { ButtonLink } from '../../../ui/button-link';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { useAllClients } from '../../clients/api';
import { AttentionCard, attentionOf } from '../components/attention-card';
import { DefaultClientCard } from '../components/default-client-card';
import { Greeting } from '../components/greeting';

/**
 * /dashboard/accountant/: the firm's home. Per-client counts of open work
 * arrive with transactions; until then it shows what can be known now.
 */
export const AccountantDashboardPage = () => {
  usePageTitle('Dashboard');
  const profile = useProfile();
  const member = profile.accountant_company_user;
  const canManage = canManageClients(profile);
  const all = useAllClients();
  const firmName = member?.company.company_name ?? 'Your firm';

  let body;
  if (all.isPending) body = <PageSpinner caption="Looking at your clients…" />;
  else if (all.isError) body = <QueryError error={all.error} title="Could not load your clients" onRetry={() => void all.refetch()} />;
  else if (all.data.count === 0)
    body = (
      <EmptyPanel
        title={canManage ? 'Add your first client' : 'No clients assigned to you yet'}
        description={
          canManage
            ? 'Add a client company and invite its people: Herd asks them about every uncategorized transaction, and their answers show up right here.'
            : 'When an admin of your firm assigns clients to you, what they need from you shows up right here.'
        }
      >
        {canManage ? (
          <ButtonLink type="primary" icon={<PlusOutlined />} to={`${routes.accountant.clients}?add=1`}>
            Add client
          </ButtonLink>
        ) : null}
      </EmptyPanel>
    );
  else {
    const { connection, noUsers } = attentionOf(all.data.results);
    body = (
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <AttentionCard clients={all.data.results} complete={all.data.complete} />
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={24}>
            <DefaultClientCard pk={member?.default_client_company ?? null} />
            <Card variant="outlined" title="Clients" extra={<Link to={routes.accountant.clients}>See all</Link>}>
              <Flex gap={24} wrap>
                <Statistic title={canManage ? 'In your firm' : 'Assigned to you'} value={all.data.count} />
                <Statistic title="Need attention" value={new Set([...connection, ...noUsers].map((c) => c.pk)).size} />
              </Flex>
            </Card>
          </Flex>
        </Col>
      </Row>
    );
  }

  return (
    <>
      <Greeting firstName={profile.first_name} />
      <PageHeader title={firmName} subtitle="Everything your clients owe you answers on, in one place." />
      {body}
    </>
  );
};
