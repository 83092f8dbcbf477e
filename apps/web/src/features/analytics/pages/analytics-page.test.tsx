import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsEndpoints as e, type AnalyticsSummary, type CompanyAnalytics, type MonthAnalyticsList, type UserAnalytics } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AnalyticsPage } from './analytics-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const range = { date_from: '2026-01-01', date_to: '2026-03-31' };
const summary: AnalyticsSummary = {
  range,
  companies: 2,
  waiting_on_client: 14,
  ready_for_review: 5,
  published: 40,
  sync_errors: 2,
  answered_in_range: 31,
  published_in_range: 27,
  median_response_seconds: 7 * 3600,
  oldest_open_at: '2026-01-05T10:00:00.000Z',
  oldest_open_days: 45,
};
const company = (pk: number, name: string, waiting: number, median: number | null): CompanyAnalytics => ({
  client_company: { pk, name },
  waiting_on_client: waiting,
  ready_for_review: 1,
  published: 3,
  sync_errors: 0,
  answered_in_range: 4,
  published_in_range: 2,
  median_response_seconds: median,
  oldest_open_at: null,
  oldest_open_days: null,
});
const months: MonthAnalyticsList = { range, months: [{ month: '2026-01', received: 10, answered: 8, published: 6 }] };
const users: UserAnalytics = {
  range,
  accountants: [{ user: { pk: 1, name: 'Avery Accountant', email: 'avery@example.com' }, reviewed: 12, published: 9, sent_back: 3 }],
  clients: [{ user: { pk: 9, name: 'Cleo Client', email: 'cleo@example.com' }, companies: [{ pk: 7, name: 'Acme' }], answers: 21, median_response_seconds: 90 * 60 }],
};

const fakeAnalytics = (overrides: { summary?: Parameters<ReturnType<typeof createFakeApi>['answer']>[2] } = {}) =>
  createFakeApi()
    .answer(e.summary, {}, overrides.summary ?? summary)
    .answer(e.companyTotals, {}, { range, results: [company(7, 'Acme', 2, 3600), company(8, 'Birch', 12, null)] })
    .answer(e.perMonth, {}, months)
    .answer(e.users, {}, users)
    .install();

const open = (query = '') =>
  renderPage(<AnalyticsPage />, {
    path: `${routes.analytics}${query}`,
    route: routes.analytics,
    profile: makeProfile({ feature_flags: ['FEATURE_TRANSACTION_ANALYTICS'] }),
  });

const card = (label: string) => screen.getByRole('listitem', { name: label });
const tableOf = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
const clientNames = () =>
  within(tableOf('Per client'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the analytics page', () => {
  it('shows the summary, the per-client table and the people from the server’s figures', async () => {
    fakeAnalytics();
    open();
    expect(await screen.findByRole('listitem', { name: 'Waiting on clients' })).toHaveTextContent('14');
    expect(card('Ready for review')).toHaveTextContent('5');
    expect(card('Sync errors')).toHaveTextContent('2');
    expect(card('Oldest open item')).toHaveTextContent('45 days');
    expect(card('Answered by clients')).toHaveTextContent('31');
    expect(card('Published')).toHaveTextContent('27');
    expect(card('Median time to answer')).toHaveTextContent('7.0 h');
    expect(screen.getByText(/from Jan 1, 2026 to Mar 31, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /per month/ })).toBeInTheDocument();

    expect(await within(tableOf('Per client')).findByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/dashboard/accountant/active/7/');
    const birch = within(tableOf('Per client')).getByRole('link', { name: 'Birch' }).closest('tr') as HTMLElement;
    expect(within(birch).getByText('12')).toBeInTheDocument();
    expect(within(birch).getAllByText('—')).toHaveLength(2); // no answer yet, nothing open

    const avery = within(tableOf('Per accountant')).getByText('Avery Accountant').closest('tr') as HTMLElement;
    expect([...avery.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Avery Accountant', '12', '9', '3']);
    const cleo = within(tableOf('Per client user')).getByText('Cleo Client').closest('tr') as HTMLElement;
    expect([...cleo.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Cleo Client', 'Acme', '21', '1.5 h']);
  });

  it('sorts the per-client table by a column', async () => {
    fakeAnalytics();
    open();
    await within(tableOf('Per client')).findByRole('link', { name: 'Birch' });
    expect(clientNames()).toEqual(['Acme', 'Birch']);
    const header = within(tableOf('Per client')).getByRole('columnheader', { name: 'Waiting on client' });
    await userEvent.click(header);
    await userEvent.click(header);
    await waitFor(() => expect(clientNames()).toEqual(['Birch', 'Acme']));
  });

  it('asks for one client’s figures from the address, while the per-client table keeps every client', async () => {
    const fake = fakeAnalytics();
    open('?client_company=7&date_from=2026-01-01&date_to=2026-03-31');
    await screen.findByRole('listitem', { name: 'Waiting on clients' });
    await waitFor(() => expect(fake.callsTo(e.users, {})).toHaveLength(1));
    expect(fake.callsTo(e.summary, {})[0]!.params).toMatchObject({ client_company: 7, date_from: '2026-01-01', date_to: '2026-03-31' });
    expect(fake.callsTo(e.perMonth, {})[0]!.params).toMatchObject({ client_company: 7 });
    expect(fake.callsTo(e.companyTotals, {})[0]!.params).not.toHaveProperty('client_company');
  });

  it('says what the server refused in a range', async () => {
    fakeAnalytics({ summary: () => ({ status: 400, data: { date_from: ['The range can cover at most 731 days (two years).'] } }) });
    open('?date_from=2020-01-01&date_to=2026-01-01');
    expect(await screen.findByText(/at most 731 days/)).toBeInTheDocument();
  });
});
