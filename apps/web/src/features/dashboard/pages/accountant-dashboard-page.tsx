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
import { formatCount } from '../../../lib/format';
import { AttentionCard } from '../components/attention-card';
import { DefaultClientCard } from '../components/default-client-card';
import { Greeting } from '../components/greeting';
import { useAttention } from '../use-attention';

/** /dashboard/accountant/: the firm's home: what waits on the firm, per client, and shortcuts. */
export const AccountantDashboardPage = () => {
  usePageTitle('Dashboard');
  const profile = useProfile();
  const member = profile.accountant_company_user;
  const canManage = canManageClients(profile);
  const attention = useAttention();
  const data = attention.data;
  const firmName = member?.company.company_name ?? 'Your firm';

  let body;
  if (attention.error && !data) body = <QueryError error={attention.error} title="Could not load your clients" onRetry={attention.retry} />;
  else if (!data) body = <PageSpinner caption="Looking at your clients…" />;
  else if (data.clients === 0)
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
    body = (
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <AttentionCard attention={data} />
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={24}>
            <DefaultClientCard pk={member?.default_client_company ?? null} />
            <Card variant="outlined" title="Clients" extra={<Link to={routes.accountant.clients}>See all</Link>}>
              <Row gutter={[16, 16]}>
                <Col span={12}>
                  <Statistic title={canManage ? 'In your firm' : 'Assigned to you'} value={formatCount(data.clients)} />
                </Col>
                <Col span={12}>
                  <Statistic title="To review" value={formatCount(data.totals.to_review)} />
                </Col>
                <Col span={12}>
                  <Statistic title="With clients" value={formatCount(data.totals.waiting_for_client)} />
                </Col>
                <Col span={12}>
                  <Statistic title="Open receipts" value={formatCount(data.totals.open_receipts)} />
                </Col>
                <Col span={12}>
                  <Statistic
                    title="Sync errors"
                    value={formatCount(data.totals.sync_errors)}
                    styles={data.totals.sync_errors ? { content: { color: '#b42318' } } : undefined}
                  />
                </Col>
              </Row>
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
