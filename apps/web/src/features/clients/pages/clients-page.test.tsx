import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_FIELD_WIDTH_PX, clientCompanyEndpoints, profileEndpoints, transactionEndpoints } from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, makeProfileWithRole, paginated, type FakeRequest } from '../../../../test/fake-api';
import { bakery, dental, fakeClients } from '../../../../test/fake-clients';
import { fastUser, findDialog, findMenuItem } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientsPage } from './clients-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const listCalls = (fake: ReturnType<typeof createFakeApi>) => fake.callsTo(clientCompanyEndpoints.list, {}).map((r) => r.params);
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const openActions = async (name: string) => userEvent.click(await screen.findByLabelText(`Actions for ${name}`));

/** The clients list alone, behind the sign-in guard (the profile comes from the fake API). */
const openClients = (query = '') => renderPage(<ClientsPage />, { path: `${routes.accountant.clients}${query}`, route: routes.accountant.clients });

describe('the clients list', () => {
  it('shows each client with its connection, people, team and date, and counts them', async () => {
    fakeClients([bakery, dental]);
    openClients();
    expect(await screen.findByRole('link', { name: 'Sunrise Bakery LLC' })).toHaveAttribute('href', '/dashboard/accountant/active/7/');
    await waitFor(() => expect(document.title).toBe('Herd | Clients'));
    expect(screen.getByTestId('clients-count')).toHaveTextContent('2 items');
    expect(within(row('Harbor Dental')).getByText('Disconnected')).toBeInTheDocument();
    expect(within(row('Harbor Dental')).getByText('Generic API')).toBeInTheDocument();
    expect(within(row('Harbor Dental')).getByText('None yet')).toBeInTheDocument();
    expect(within(row('Harbor Dental')).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(row('Sunrise Bakery LLC')).getByText('Connected')).toBeInTheDocument();
    expect(within(row('Sunrise Bakery LLC')).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', '/api/v1/accounting/accountant/client-companies/csv/?ordering=name');
  });

  it('cuts a long client name with an ellipsis in a bounded cell, the whole name still its link', async () => {
    const long = { ...bakery, name: 'The Extremely Long Named Artisanal Sourdough and Pastry Bakery of Greater Springfield LLC' };
    fakeClients([long, dental]);
    openClients();
    const link = await screen.findByRole('link', { name: long.name });
    const cell = link.closest('.ant-typography') as HTMLElement;
    expect(cell).toHaveClass('ant-typography-ellipsis');
    expect(cell.style.maxWidth).toBe('260px');
  });

  it('opens a client on the tab with work: answers to review, else what the client owes; one sync error reads in the singular', async () => {
    const { fake } = fakeClients([{ ...bakery, review_findings: 3 }, dental]);
    fake.answer(transactionEndpoints.companyCounts, {}, [
      { client_company: bakery.pk, waiting_for_client: 3, to_review: 0, sync_errors: 1, open_receipts: 0, open_requests: 1 },
      { client_company: dental.pk, waiting_for_client: 1, to_review: 2, sync_errors: 0, open_receipts: 4, open_requests: 0 },
    ]);
    openClients();
    expect(await within(await screen.findByRole('row', { name: /Sunrise Bakery LLC/ })).findByText('1 sync error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunrise Bakery LLC' })).toHaveAttribute('href', '/dashboard/accountant/active/7/');
    // The marker is a way to exactly those transactions: the active list filtered to sync errors.
    expect(screen.getByRole('link', { name: 'Show the 1 sync error of Sunrise Bakery LLC' })).toHaveAttribute(
      'href',
      '/dashboard/accountant/active/7/?status=SYNC_ERROR',
    );
    expect(screen.getByRole('link', { name: 'Harbor Dental' })).toHaveAttribute('href', `/dashboard/accountant/categorized/${dental.pk}/`);
    // The receipts still open sit beside the transactions' markers.
    expect(within(screen.getByRole('row', { name: /Harbor Dental/ })).getByText('4 receipts')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Sunrise Bakery LLC/ })).queryByText(/receipt/)).not.toBeInTheDocument();
    // So do the requests still open.
    expect(within(screen.getByRole('row', { name: /Sunrise Bakery LLC/ })).getByText('1 open request')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Harbor Dental/ })).queryByText(/request/)).not.toBeInTheDocument();
    // And what the review checks found, leading to the client's review tab; none shown where none is open.
    expect(screen.getByRole('link', { name: 'Show the 3 findings of the review checks of Sunrise Bakery LLC' })).toHaveAttribute(
      'href',
      '/dashboard/accountant/review/7/',
    );
    expect(within(screen.getByRole('row', { name: /Harbor Dental/ })).queryByText(/finding/)).not.toBeInTheDocument();
  });

  it("asks the open work of only the page's clients, once the page is known", async () => {
    const clients = Array.from({ length: 12 }, (_, i) => makeClientCompany({ pk: 100 + i, name: `Client ${String(i + 1).padStart(2, '0')}` }));
    const { fake } = fakeClients(clients);
    fake.answer(transactionEndpoints.companyCounts, {}, () => {
      // The list must have answered first: the counts name its rows.
      expect(listCalls(fake).length).toBeGreaterThan(0);
      return { status: 200, data: [{ client_company: 101, waiting_for_client: 5, to_review: 0, sync_errors: 0, open_receipts: 0, open_requests: 0 }] };
    });
    // The fake list pages nothing: it answers every client, as a page of the server would answer its ten.
    openClients();
    expect(await within(await screen.findByRole('row', { name: /Client 02/ })).findByText('5 with client')).toBeInTheDocument();
    const asked = () => fake.callsTo(transactionEndpoints.companyCounts, {}).map((r) => r.params.client_companies);
    expect(asked()).toEqual([clients.map((c) => c.pk).join(',')]);
  });

  it("says '1 item' for one client", async () => {
    fakeClients([bakery]);
    openClients();
    expect(await screen.findByTestId('clients-count')).toHaveTextContent(/^1 item$/);
  });

  it('searches 300 ms after typing stops, once, and says when nothing matches', async () => {
    const { fake, times } = fakeClients([bakery, dental]);
    openClients();
    const search = await screen.findByRole('searchbox', { name: 'Search clients' });
    expect(search.closest('.ant-input-affix-wrapper')).toHaveStyle({ width: `${SEARCH_FIELD_WIDTH_PX}px` });
    await userEvent.type(search, 'harb');
    const typedAt = performance.now();
    // Nothing asked yet: the debounce is still running.
    expect(listCalls(fake).filter((p) => p.search)).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('clients-count')).toHaveTextContent('1 item'));
    expect(screen.queryByRole('link', { name: 'Sunrise Bakery LLC' })).not.toBeInTheDocument();
    expect(listCalls(fake).filter((p) => p.search)).toEqual([expect.objectContaining({ search: 'harb', page: 1 })]);
    const asked = times.find((t) => t.search === 'harb')!;
    expect(asked.at - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 50);

    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    await waitFor(() => expect(screen.getByTestId('clients-count')).toHaveTextContent('0 items'));
    expect(screen.getByText('No clients match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toContain('search=zzz');
  });

  it('Escape clears the search at once and leaves the field', async () => {
    const { fake } = fakeClients([bakery, dental]);
    openClients();
    const search = await screen.findByRole('searchbox', { name: 'Search clients' });
    await userEvent.type(search, 'harb');
    await waitFor(() => expect(screen.getByTestId('clients-count')).toHaveTextContent('1 item'));
    const before = listCalls(fake).length;
    await userEvent.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).not.toHaveFocus();
    // The cleared list is asked for straight away, not after the debounce.
    await waitFor(() => expect(screen.getByTestId('clients-count')).toHaveTextContent('2 items'), { timeout: SEARCH_DEBOUNCE_MS - 100 });
    expect(
      listCalls(fake)
        .slice(before)
        .every((p) => !p.search),
    ).toBe(true);
  });

  it('sorts by name and by date through the ordering parameter', async () => {
    const { fake } = fakeClients([bakery, dental]);
    openClients();
    await screen.findByRole('link', { name: 'Sunrise Bakery LLC' });
    expect(listCalls(fake)[0]).toMatchObject({ ordering: 'name', page: 1, page_size: 10 });
    const header = (name: string) => within(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByText(name);
    await userEvent.click(header('Name'));
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ ordering: '-name' }));
    await userEvent.click(header('Created'));
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ ordering: '-created_at' }));
    await userEvent.click(header('Created'));
    await waitFor(() => expect(listCalls(fake).at(-1)).toMatchObject({ ordering: 'created_at' }));
  });

  it('pages on the server', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeClientCompany({ pk: 100 + i, name: `Client ${i + 1}` }));
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.list, {}, (request: FakeRequest) => ({
        status: 200,
        data: paginated(request.params.page === 2 ? [makeClientCompany({ pk: 200, name: 'Client 11' })] : many, 11),
      }))
      .install();
    openClients();
    expect(await screen.findByTestId('clients-count')).toHaveTextContent('11 items');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'Client 11' })).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.list, {}).at(-1)?.params).toMatchObject({ page: 2, page_size: 10 });
  });

  it('has an empty state with "Add client" for admins', async () => {
    fakeClients([]);
    openClients();
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Add client/ })).toHaveLength(1);
  });

  it('hides what a team member may not do', async () => {
    fakeClients([bakery, dental], makeProfileWithRole('TEAM_MEMBER'));
    openClients();
    expect(await screen.findByRole('link', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    expect(screen.getByText('The client companies assigned to you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add client/ })).not.toBeInTheDocument();
    await openActions('Sunrise Bakery LLC');
    const menu = (await findMenuItem(/Copy magic link/)).closest('[role="menu"]') as HTMLElement;
    expect(within(menu).getByRole('menuitem', { name: /Notify now/ })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Disconnect/ })).not.toBeInTheDocument();
  });

  it('a team member with no clients is told who assigns them', async () => {
    fakeClients([], makeProfileWithRole('TEAM_MEMBER'));
    openClients();
    expect(await screen.findByText('No clients assigned to you yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add client/ })).not.toBeInTheDocument();
  });

  it('a client admin may disconnect, after confirming', async () => {
    const { fake } = fakeClients([bakery], makeProfileWithRole('CLIENT_ADMIN'));
    fake.answer(clientCompanyEndpoints.disconnect, { pk: 7 }, { ...bakery, connection_state: 'DISCONNECTED' });
    openClients();
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/Disconnect/));
    const confirm = await findDialog('Disconnect Sunrise Bakery LLC?');
    expect(fake.callsTo(clientCompanyEndpoints.disconnect, { pk: 7 })).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Sunrise Bakery LLC disconnected')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.disconnect, { pk: 7 })).toHaveLength(1);
  });
});
