import { screen, waitFor, within } from '@testing-library/react';
import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import type { ClientCompany, Profile } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, makeProfileWithRole, paginated, type FakeRequest } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { AccountantDashboardPage } from './accountant-dashboard-page';

/** The clients list as the server answers it: filtered by connection state and client users, one page of `page_size`. */
const listOf = (clients: ClientCompany[]) => (request: FakeRequest) => {
  const { connection_state: state, has_client_users: hasUsers, page_size: size } = request.params;
  const hits = clients.filter((c) => (!state || c.connection_state === state) && (hasUsers === undefined || c.client_users_count > 0 === (hasUsers === 'true')));
  return { status: 200, data: paginated(hits.slice(0, Number(size)), hits.length) };
};

type Counts = { client_company: number; waiting_for_client: number; to_review: number; sync_errors: number; open_receipts: number; open_requests: number }[];

const withDefault = (pk: number | null, profile: Profile = makeProfile()): Profile => ({
  ...profile,
  accountant_company_user: profile.accountant_company_user && { ...profile.accountant_company_user, default_client_company: pk },
});

/** The accountant's dashboard, mounted as the app mounts it (behind the sign-in guard, which asks for the profile). */
const openDashboard = () => renderPage(<AccountantDashboardPage />, { path: routes.accountant.dashboard, route: routes.accountant.dashboard });

const fakeDashboard = (clients: ClientCompany[], profile: Profile = makeProfile(), counts: Counts = []) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientCompanyEndpoints.list, {}, listOf(clients))
    .answer(transactionEndpoints.companyCounts, {}, counts);
  for (const client of clients) fake.answer(clientCompanyEndpoints.retrieve, { pk: client.pk }, client);
  return fake.install();
};

describe('the accountant dashboard', () => {
  it('lists clients with a broken connection and clients nobody answers for', async () => {
    const fake = fakeDashboard([
      makeClientCompany({ pk: 1, name: 'Sunrise Bakery LLC', client_users_count: 2 }),
      makeClientCompany({ pk: 2, name: 'Harbor Dental', connection_state: 'NEEDS_REAUTH', client_users_count: 1 }),
      makeClientCompany({ pk: 3, name: 'Maple Cafe', connection_state: 'DISCONNECTED', client_users_count: 0 }),
      makeClientCompany({ pk: 4, name: 'Oak Studio', client_users_count: 0 }),
    ]);
    openDashboard();
    const connection = await screen.findByRole('region', { name: 'Connection problems' });
    expect(within(connection).getByRole('link', { name: 'Harbor Dental' })).toHaveAttribute('href', '/settings/accountant/client/2/');
    expect(within(connection).getByText('Needs reconnecting')).toBeInTheDocument();
    expect(within(connection).getByRole('link', { name: 'Maple Cafe' })).toBeInTheDocument();
    expect(within(connection).queryByText('Sunrise Bakery LLC')).not.toBeInTheDocument();
    const nobody = screen.getByRole('region', { name: 'Nobody to answer yet' });
    expect(within(nobody).getAllByRole('link', { name: /Maple Cafe|Oak Studio/ })).toHaveLength(2);
    expect(within(nobody).queryByText('Harbor Dental')).not.toBeInTheDocument();
    expect(screen.queryByText('All caught up')).not.toBeInTheDocument();
    const asked = fake.callsTo(clientCompanyEndpoints.list, {}).map((r) => r.params);
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ connection_state: 'NEEDS_REAUTH', page_size: 6 }),
        expect.objectContaining({ connection_state: 'DISCONNECTED', page_size: 6 }),
        expect.objectContaining({ has_client_users: 'false', page_size: 6 }),
      ]),
    );
    // Nothing pages through the whole firm any more.
    expect(asked.every((params) => Number(params.page_size) <= 6 && params.page === 1)).toBe(true);
  });

  it('is all caught up when nothing needs a hand', async () => {
    fakeDashboard([makeClientCompany({ client_users_count: 1 })]);
    openDashboard();
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });

  it('offers the default client with its shortcuts', async () => {
    fakeDashboard([makeClientCompany()], withDefault(7));
    openDashboard();
    const card = (await screen.findByText('Default client')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(card).getByRole('link', { name: 'Sunrise Bakery LLC' })).toHaveAttribute('href', '/settings/accountant/client/7/'));
    expect(within(card).getByRole('link', { name: /View as client/ })).toHaveAttribute('href', '/dashboard/accountant/as-client/7/');
  });

  it('asks to choose a default client when there is none', async () => {
    fakeDashboard([makeClientCompany()], withDefault(null));
    openDashboard();
    expect(await screen.findByRole('link', { name: 'Choose a default client' })).toHaveAttribute('href', '/settings/?tab=default-client');
  });

  it('lists the clients whose answers wait for review, most urgent first, with the firm’s open work', async () => {
    const clients = [
      makeClientCompany({ pk: 1, name: 'Sunrise Bakery LLC' }),
      makeClientCompany({ pk: 2, name: 'Harbor Dental' }),
      makeClientCompany({ pk: 3, name: 'Maple Cafe' }),
    ];
    const fake = fakeDashboard(clients, makeProfile(), [
      { client_company: 1, waiting_for_client: 4, to_review: 3, sync_errors: 0, open_receipts: 0, open_requests: 0 },
      { client_company: 2, waiting_for_client: 1, to_review: 1, sync_errors: 2, open_receipts: 0, open_requests: 0 },
      { client_company: 3, waiting_for_client: 7, to_review: 0, sync_errors: 0, open_receipts: 0, open_requests: 0 },
    ]);
    openDashboard();
    const review = await screen.findByRole('region', { name: 'Waiting for your review' });
    const links = within(review).getAllByRole('link', { name: /Sunrise Bakery LLC|Harbor Dental/ });
    expect(links.map((l) => l.textContent)).toEqual(['Harbor Dental', 'Sunrise Bakery LLC']);
    expect(links[0]).toHaveAttribute('href', '/dashboard/accountant/categorized/2/');
    expect(within(review).getByText('2 sync errors')).toBeInTheDocument();
    expect(within(review).getByText('3 to review')).toBeInTheDocument();
    expect(within(review).queryByText('Maple Cafe')).not.toBeInTheDocument();
    // Only the companies shown are fetched by name.
    expect(fake.callsTo(clientCompanyEndpoints.retrieve, { pk: 3 })).toHaveLength(0);
    const stats = (screen.getByText('With clients').closest('.ant-card') as HTMLElement).textContent;
    expect(stats).toContain('To review4');
    expect(stats).toContain('With clients12');
    expect(stats).toContain('Sync errors2');
  });

  it('counts the receipts still open beside the transactions; a client with only receipts open leads to its receipts', async () => {
    const clients = [makeClientCompany({ pk: 1, name: 'Sunrise Bakery LLC' }), makeClientCompany({ pk: 2, name: 'Harbor Dental' })];
    fakeDashboard(clients, makeProfile(), [
      { client_company: 1, waiting_for_client: 4, to_review: 3, sync_errors: 0, open_receipts: 1, open_requests: 0 },
      { client_company: 2, waiting_for_client: 0, to_review: 0, sync_errors: 0, open_receipts: 5, open_requests: 0 },
    ]);
    openDashboard();
    const review = await screen.findByRole('region', { name: 'Waiting for your review' });
    expect(within(review).getByRole('link', { name: 'Harbor Dental' })).toHaveAttribute('href', '/dashboard/accountant/receipts/2/');
    expect(within(review).getByRole('link', { name: 'Sunrise Bakery LLC' })).toHaveAttribute('href', '/dashboard/accountant/categorized/1/');
    expect(within(review).getByText('5 receipts')).toBeInTheDocument();
    expect(within(review).getByText('1 receipt')).toBeInTheDocument();
    expect((screen.getByText('Open receipts').closest('.ant-card') as HTMLElement).textContent).toContain('Open receipts6');
  });

  it('counts the rest of a group from the server’s count', async () => {
    const lonely = Array.from({ length: 9 }, (_, i) => makeClientCompany({ pk: i + 1, name: `Lonely ${i + 1}`, client_users_count: 0 }));
    fakeDashboard(lonely);
    openDashboard();
    const nobody = await screen.findByRole('region', { name: 'Nobody to answer yet' });
    expect(within(nobody).getAllByRole('link', { name: /^Lonely/ })).toHaveLength(6);
    expect(within(nobody).getByRole('link', { name: 'and 3 more clients' })).toHaveAttribute('href', '/dashboard/accountant/clients/');
  });

  it('tells a team member with no clients who assigns them', async () => {
    fakeDashboard([], makeProfileWithRole('TEAM_MEMBER'));
    openDashboard();
    expect(await screen.findByText('No clients assigned to you yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add client/ })).not.toBeInTheDocument();
  });

  it('sends an admin without clients to add one, asking nothing more of the server', async () => {
    const fake = fakeDashboard([]);
    openDashboard();
    expect(await screen.findByRole('link', { name: /Add client/ })).toHaveAttribute('href', '/dashboard/accountant/clients/?add=1');
    expect(fake.callsTo(clientCompanyEndpoints.list, {})).toHaveLength(1);
    expect(fake.callsTo(transactionEndpoints.companyCounts, {})).toHaveLength(0);
  });
});
