import { Typography } from 'antd';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { useAnalyticsSummary, useCompanyAnalytics, useMonthlyAnalytics, useUserAnalytics } from '../api';
import { useAnalyticsFilters } from '../analytics-filters';
import { AnalyticsFiltersBar } from '../components/analytics-filters-bar';
import { CompanyTable } from '../components/company-table';
import { MonthlyChart } from '../components/monthly-chart';
import { PeopleTables } from '../components/people-tables';
import { SummaryCards } from '../components/summary-cards';

const formatDay = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/**
 * /analytics/ (firms with FEATURE_TRANSACTION_ANALYTICS, firm staff): open work now, and what
 * happened within the range. The client filter narrows the cards, the chart and the people; the
 * per-client table always lists every client, so it can be compared and picked from.
 */
export const AnalyticsPage = () => {
  usePageTitle('Analytics');
  const { filters, set } = useAnalyticsFilters();
  const { client_company: _one, ...allClients } = filters;
  const summary = useAnalyticsSummary(filters);
  const companies = useCompanyAnalytics(allClients);
  const months = useMonthlyAnalytics(filters);
  const users = useUserAnalytics(filters);
  const failed = [summary, companies, months, users].find((q) => q.error);
  const range = summary.data?.range;
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={
          range
            ? `Open work now; answers and publishes from ${formatDay(range.date_from)} to ${formatDay(range.date_to)} (UTC).`
            : 'How quickly clients answer, and where work waits.'
        }
      />
      <AnalyticsFiltersBar filters={filters} companies={companies.data?.results ?? []} set={set} />
      {failed ? <QueryError error={failed.error} title="Could not load the analytics" onRetry={() => void failed.refetch()} /> : null}
      {summary.data ? <SummaryCards summary={summary.data} /> : null}
      {months.data ? <MonthlyChart months={months.data.months} /> : null}
      <CompanyTable rows={companies.data?.results ?? []} loading={companies.isPending && !companies.error} />
      <PeopleTables accountants={users.data?.accountants ?? []} clients={users.data?.clients ?? []} loading={users.isPending && !users.error} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        Time to answer runs from when a transaction reached the client (or was sent back to them) to their answer.
      </Typography.Paragraph>
    </>
  );
};
