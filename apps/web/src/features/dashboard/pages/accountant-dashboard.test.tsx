import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientCompany, Profile } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, makeProfileWithRole, paginated } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const LIST = 'accounting/accountant/client-companies/list/';

const withDefault = (pk: number | null, profile: Profile = makeProfile()): Profile => ({
  ...profile,
  accountant_company_user: profile.accountant_company_user && { ...profile.accountant_company_user, default_client_company: pk },
});

const fakeDashboard = (clients: ClientCompany[], profile: Profile = makeProfile()) =>
  createFakeApi()
    .on('GET', 'users/profile/', { status: 200, data: profile })
    .on('GET', LIST, { status: 200, data: paginated(clients) })
    .install();

describe('the accountant dashboard', () => {
  it('lists clients with a broken connection and clients nobody answers for', async () => {
    const fake = fakeDashboard([
      makeClientCompany({ pk: 1, name: 'Sunrise Bakery LLC', client_users_count: 2 }),
      makeClientCompany({ pk: 2, name: 'Harbor Dental', connection_state: 'NEEDS_REAUTH', client_users_count: 1 }),
      makeClientCompany({ pk: 3, name: 'Maple Cafe', connection_state: 'DISCONNECTED', client_users_count: 0 }),
      makeClientCompany({ pk: 4, name: 'Oak Studio', client_users_count: 0 }),
    ]);
    renderAt('/dashboard/accountant/');
    const connection = await screen.findByRole('region', { name: 'Connection problems' });
    expect(within(connection).getByRole('link', { name: 'Harbor Dental' })).toHaveAttribute('href', '/settings/accountant/client/2/');
    expect(within(connection).getByText('Needs reconnecting')).toBeInTheDocument();
    expect(within(connection).getByRole('link', { name: 'Maple Cafe' })).toBeInTheDocument();
    expect(within(connection).queryByText('Sunrise Bakery LLC')).not.toBeInTheDocument();
    const nobody = screen.getByRole('region', { name: 'Nobody to answer yet' });
    expect(within(nobody).getAllByRole('link', { name: /Maple Cafe|Oak Studio/ })).toHaveLength(2);
    expect(within(nobody).queryByText('Harbor Dental')).not.toBeInTheDocument();
    expect(screen.queryByText('All caught up')).not.toBeInTheDocument();
    expect(fake.calls('GET', LIST)[0]?.params).toMatchObject({ page: 1, page_size: 100 });
  });

  it('is all caught up when nothing needs a hand', async () => {
    fakeDashboard([makeClientCompany({ client_users_count: 1 })]);
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });

  it('offers the default client with its shortcuts', async () => {
    createFakeApi()
      .on('GET', 'users/profile/', { status: 200, data: withDefault(7) })
      .on('GET', LIST, { status: 200, data: paginated([makeClientCompany()]) })
      .on('GET', 'accounting/accountant/client-company/7/retrieve/', { status: 200, data: makeClientCompany() })
      .install();
    renderAt('/dashboard/accountant/');
    const card = (await screen.findByText('Default client')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(card).getByRole('link', { name: 'Sunrise Bakery LLC' })).toHaveAttribute('href', '/settings/accountant/client/7/'));
    expect(within(card).getByRole('link', { name: /View as client/ })).toHaveAttribute('href', '/dashboard/accountant/as-client/7/');
  });

  it('asks to choose a default client when there is none', async () => {
    fakeDashboard([makeClientCompany()], withDefault(null));
    renderAt('/dashboard/accountant/');
    expect(await screen.findByRole('link', { name: 'Choose a default client' })).toHaveAttribute('href', '/settings/?tab=default-client');
  });

  it('reads every page of clients', async () => {
    const first = Array.from({ length: 100 }, (_, i) => makeClientCompany({ pk: i + 1, name: `Client ${i + 1}` }));
    const fake = createFakeApi()
      .on('GET', 'users/profile/', { status: 200, data: makeProfile() })
      .on('GET', LIST, ({ params }) => ({
        status: 200,
        data: params.page === 2 ? { ...paginated([makeClientCompany({ pk: 101, name: 'Late Client', client_users_count: 0 })], 101), next: null } : paginated(first, 101),
      }))
      .install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByRole('link', { name: 'Late Client' })).toBeInTheDocument();
    expect(fake.calls('GET', LIST).map((r) => r.params.page)).toEqual([1, 2]);
  });

  it('tells a team member with no clients who assigns them', async () => {
    fakeDashboard([], makeProfileWithRole('TEAM_MEMBER'));
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText('No clients assigned to you yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add client/ })).not.toBeInTheDocument();
  });

  it('sends an admin without clients to add one', async () => {
    fakeDashboard([]);
    renderAt('/dashboard/accountant/');
    expect(await screen.findByRole('link', { name: /Add client/ })).toHaveAttribute('href', '/dashboard/accountant/clients/?add=1');
  });
});
