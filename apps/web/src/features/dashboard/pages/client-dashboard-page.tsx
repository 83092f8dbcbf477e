import { Card, Col, Row, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyPanel } from '../../../ui/empty-panel';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/page-spinner';
import { QueryError } from '../../../ui/query-error';
import { useProfile } from '../../auth/api';
import { useOwnCompanies } from '../../client-side/api';
import { CompanyCardCounts } from '../components/company-card-counts';
import { Greeting } from '../components/greeting';
import { InstallCard } from '../components/install-card';

/**
 * The company a client is looking at travels in the address
 * (/dashboard/client/company-client/?company=<pk>): it survives a reload,
 * works in several tabs at once and can be bookmarked, and no stored choice
 * outlives the session or leaks to the next person on a shared computer.
 */
export const COMPANY_PARAM = 'company';
export const companyPath = (pk: number): string => `${routes.client.company}?${COMPANY_PARAM}=${pk}`;

/** /dashboard/client/: the client's companies; with exactly one, straight into it. */
export const ClientDashboardPage = () => {
  usePageTitle('Dashboard');
  const profile = useProfile();
  const companies = useOwnCompanies();
  const firmName = profile.client_firm?.company_name ?? null;
  const only = companies.data?.length === 1 ? companies.data[0] : undefined;
  if (only) return <Navigate to={companyPath(only.pk)} replace />;

  let body;
  if (companies.isPending) body = <PageSpinner caption="Loading your companies…" />;
  else if (companies.isError) body = <QueryError error={companies.error} title="Could not load your companies" onRetry={() => void companies.refetch()} />;
  else if (companies.data.length === 0)
    body = (
      <EmptyPanel
        title="No company to show yet"
        description={`${firmName ?? 'Your accountant'} has not given you access to a company yet. Once they do, it appears here.`}
      />
    );
  else
    body = (
      <Row gutter={[16, 16]}>
        {companies.data.map((company) => (
          <Col key={company.pk} xs={24} md={12}>
            <Link to={companyPath(company.pk)} aria-label={`Open ${company.name}`} style={{ display: 'block' }}>
              <Card hoverable variant="outlined">
                <Typography.Title level={4} style={{ margin: 0, display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                  {company.name} <RightOutlined style={{ fontSize: 14, color: '#8a948f' }} />
                </Typography.Title>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0' }}>
                  {company.pinned_note || (company.role === 'CLIENT' ? 'You answer for this company.' : 'You help answer for this company.')}
                </Typography.Paragraph>
                <CompanyCardCounts companyPk={company.pk} />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    );

  return (
    <>
      <Greeting firstName={profile.first_name} />
      <InstallCard />
      <PageHeader
        title="Your companies"
        subtitle={firmName ? `Questions and requests from your accountant at ${firmName}.` : 'Questions and requests from your accountant.'}
      />
      {body}
    </>
  );
};
