import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientUser, makeCoworker, makeProfile, paginated } from '../../../../test/fake-api';
import { clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, profileEndpoints } from '@herd/contract';
import { bakery, dental, fakeClients } from '../../../../test/fake-clients';
import { renderAt } from '../../../../test/render-app';

const listCalls = (fake: ReturnType<typeof createFakeApi>) => fake.callsTo(clientCompanyEndpoints.list, {}).map((r) => r.params);
const connection = () => screen.getAllByRole('combobox', { name: 'Connection' })[0]!;

describe('the clients list in the address', () => {
  it('applies the search, filters, ordering and page of the address, and shows them', async () => {
    const { fake } = fakeClients([bakery, dental]);
    renderAt(
      '/dashboard/accountant/clients/?search=harb&connection_state=DISCONNECTED&has_client_users=false&connection_kind=GENERIC&ordering=-created_at&page=2&page_size=20',
    );
    expect(await screen.findByRole('link', { name: 'Harbor Dental' })).toBeInTheDocument();
    expect(listCalls(fake)[0]).toMatchObject({
      search: 'harb',
      connection_state: 'DISCONNECTED',
      has_client_users: 'false',
      connection_kind: 'GENERIC',
      ordering: '-created_at',
      page: 2,
      page_size: 20,
    });
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('harb');
    expect(connection().closest('.ant-select')).toHaveTextContent('Disconnected');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    // The download has the same filters as the list on screen.
    const csv = new URL(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')!, 'https://herd.invalid');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      ordering: '-created_at',
      search: 'harb',
      connection_kind: 'GENERIC',
      connection_state: 'DISCONNECTED',
      has_client_users: 'false',
    });
  });

  it('writes a changed filter to the address at the first page, and Back undoes it', async () => {
    const { fake } = fakeClients([bakery, dental]);
    const app = renderAt('/dashboard/accountant/clients/?page=2');
    await screen.findByRole('link', { name: 'Sunrise Bakery LLC' });
    fireEvent.mouseDown(connection());
    fireEvent.click(await screen.findByTitle('Needs reconnecting'));
    await waitFor(() => expect(app.location().search).toBe('?connection_state=NEEDS_REAUTH'));
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ connection_state: 'NEEDS_REAUTH', page: 1 }));

    app.back();
    expect(app.location().search).toBe('?page=2');
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ page: 2 }));
    expect(listCalls(fake).at(-1)!.connection_state).toBeUndefined();
    await waitFor(() => expect(connection().closest('.ant-select')).not.toHaveTextContent('Needs reconnecting'));
  });

  it('filters by having client users through the column’s filter', async () => {
    const { fake } = fakeClients([bakery, dental]);
    const app = renderAt('/dashboard/accountant/clients/');
    await screen.findByRole('link', { name: 'Sunrise Bakery LLC' });
    const header = screen.getByRole('columnheader', { name: /Client users/ });
    await fastUser().click(within(header).getByRole('button'));
    await fastUser().click(await screen.findByText('None yet', { selector: '.ant-dropdown *' }));
    await fastUser().click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.location().search).toBe('?has_client_users=false'));
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ has_client_users: 'false' }));
  });

  it('falls back to the defaults for tampered parameters, keeping the valid ones', async () => {
    const { fake } = fakeClients([bakery, dental]);
    renderAt('/dashboard/accountant/clients/?ordering=drop&connection_state=BROKEN&has_client_users=maybe&connection_kind=FAX&page=-4&page_size=0&search=bak');
    expect(await screen.findByRole('link', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    const params = listCalls(fake)[0]!;
    expect(params).toMatchObject({ ordering: 'name', page: 1, page_size: 10, search: 'bak' });
    for (const key of ['connection_state', 'has_client_users', 'connection_kind']) expect(params[key]).toBeUndefined();
  });

  it('pages a client’s users under their own parameters', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, bakery)
      .answer(coworkerEndpoints.list, {}, [makeCoworker()])
      .answer(clientUserEndpoints.list, {}, paginated([makeClientUser({ pk: 40, first_name: 'Second', last_name: 'Page' })], 12))
      .install();
    const app = renderAt('/settings/accountant/client/7/?users_page=2');
    expect(await screen.findByText(/Second Page/)).toBeInTheDocument();
    expect(fake.callsTo(clientUserEndpoints.list, {})[0]!.params).toMatchObject({ client_company: 7, page: 2, page_size: 10 });
    await fastUser().click(screen.getByRole('listitem', { name: '1' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    await waitFor(() => expect(fake.callsTo(clientUserEndpoints.list, {}).at(-1)!.params).toMatchObject({ page: 1 }));
  });
});
