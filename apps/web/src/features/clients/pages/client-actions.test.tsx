import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, clientCompanyEndpoints, clientSideEndpoints, clientUserEndpoints, coworkerEndpoints } from '@herd/contract';
import { installClipboard, makeClientCompany, makeClientUser, makeMyAccountant, makeOwnCompany, paginated } from '../../../../test/fake-api';
import { bakery, dental, fakeClients } from '../../../../test/fake-clients';
import { fastUser, findDialog, findMenuItem } from '../../../../test/dom';
import { renderAt, renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientsPage } from './clients-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const openActions = async (name: string) => userEvent.click(await screen.findByLabelText(`Actions for ${name}`));

/** The clients list alone, behind the sign-in guard (the profile comes from the fake API). */
const openClients = (query = '') => renderPage(<ClientsPage />, { path: `${routes.accountant.clients}${query}`, route: routes.accountant.clients });

describe('adding a client', () => {
  const openModal = async () => {
    await userEvent.click(await screen.findByRole('button', { name: /Add client/ }));
    return findDialog('Connection kind');
  };

  it('checks name and connection kind with the contract messages', async () => {
    const { fake } = fakeClients([bakery]);
    openClients();
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    expect(await within(dialog).findByText(messages.required('Name'))).toBeInTheDocument();
    expect(within(dialog).getByText(messages.required('Connection kind'))).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.create, {})).toHaveLength(0);
  });

  it('sends one create for a double click on "Add client"', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(clientCompanyEndpoints.create, {}, () => new Promise((resolve) => setTimeout(() => resolve({ status: 201, data: dental }), 200)));
    openClients();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Harbor Dental');
    await userEvent.click(within(dialog).getByRole('radio', { name: /No ledger/ }));
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(fake.callsTo(clientCompanyEndpoints.create, {})).toHaveLength(1));
    expect(await screen.findByText(`${dental.name} added`)).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.create, {})).toHaveLength(1);
    expect(fake.callsTo(clientCompanyEndpoints.create, {})[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the server’s field errors on the fields', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(clientCompanyEndpoints.create, {}, () => ({ status: 400, data: { name: [messages.tooLong('Name', 200)] } }));
    openClients();
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Harbor Dental');
    await userEvent.click(within(dialog).getByRole('radio', { name: /No ledger/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    const nameItem = within(dialog).getByLabelText('Name').closest('.ant-form-item') as HTMLElement;
    expect(await within(nameItem).findByText(messages.tooLong('Name', 200))).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.create, {})[0]?.body).toEqual({
      name: 'Harbor Dental',
      connection_kind: 'CONNECTIONLESS',
    });
  });

  it('creates the client and opens its settings to invite its people', async () => {
    const created = makeClientCompany({ pk: 9, name: 'Harbor Dental', connection_kind: 'GENERIC', client_users_count: 0 });
    const { fake } = fakeClients([bakery]);
    fake
      .answer(clientCompanyEndpoints.create, {}, created)
      .answer(clientCompanyEndpoints.retrieve, { pk: 9 }, created)
      .answer(clientUserEndpoints.list, {}, paginated([]))
      .answer(coworkerEndpoints.list, {}, []);
    const app = renderAt('/dashboard/accountant/clients/');
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Harbor Dental');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Generic API/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(app.pathname()).toBe('/settings/accountant/client/9/'));
    expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeInTheDocument();
  });

  it('opens straight away from the dashboard’s link (?add=1)', async () => {
    fakeClients([bakery]);
    openClients('?add=1');
    expect(await findDialog('Connection kind')).toHaveTextContent('Add client');
  });
});

describe('row actions', () => {
  const url = 'http://localhost/auth/?magic=abc123';
  beforeEach(() => {
    installClipboard();
  });

  it('copies the only client user’s sign-in link', async () => {
    const { fake } = fakeClients([makeClientCompany({ pk: 7, client_users_count: 1 })]);
    fake.answer(clientUserEndpoints.list, {}, paginated([makeClientUser({ has_signed_in: true })])).answer(clientCompanyEndpoints.magicLink, {}, { url });
    openClients();
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/Copy magic link/));
    expect(await screen.findByText('Sign-in link for Casey Baker copied')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.magicLink, {})[0]?.body).toEqual({ client_company: 7, user: 21 });
    expect(fake.callsTo(clientUserEndpoints.list, {})[0]?.params).toMatchObject({ client_company: 7 });
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('asks whose link when the client has several users', async () => {
    const { fake } = fakeClients([makeClientCompany({ pk: 7, client_users_count: 2 })]);
    fake
      .answer(clientUserEndpoints.list, {}, paginated([makeClientUser(), makeClientUser({ pk: 22, first_name: 'Jo', last_name: 'Rivera', email: 'jo@example.com' })]))
      .answer(clientCompanyEndpoints.magicLink, {}, { url });
    openClients();
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/Copy magic link/));
    const dialog = await findDialog();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Jo Rivera/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    // Jo was invited and never signed in: the same link lets them in by accepting the invitation.
    expect(await screen.findByText('Invitation link for Jo Rivera copied')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.magicLink, {})[0]?.body).toEqual({ client_company: 7, user: 22 });
  });

  it('says to invite someone first when nobody can sign in', async () => {
    const { fake } = fakeClients([dental]);
    openClients();
    await openActions('Harbor Dental');
    await userEvent.click(await findMenuItem(/Copy magic link/));
    expect(await screen.findByText(/Invite a client user first/)).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.magicLink, {})).toHaveLength(0);
  });

  it('shows the link when the browser refuses the clipboard', async () => {
    const { fake } = fakeClients([makeClientCompany({ pk: 7, client_users_count: 1 })]);
    fake.answer(clientUserEndpoints.list, {}, paginated([makeClientUser()])).answer(clientCompanyEndpoints.magicLink, {}, { url });
    openClients();
    await openActions('Sunrise Bakery LLC');
    installClipboard({ refuse: true });
    await userEvent.click(await findMenuItem(/Copy magic link/));
    expect(await screen.findByTestId('magic-link-url')).toHaveTextContent(url);
    expect(screen.queryByText(/link for Casey Baker copied/)).not.toBeInTheDocument();
  });

  it('notifies after confirming and says how many people got it', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(clientCompanyEndpoints.sendNotification, {}, { sent: 2 });
    openClients();
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/Notify now/));
    await userEvent.click(within(await findDialog('Notify the people')).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Sent to 2 people')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.sendNotification, {})[0]?.body).toEqual({ client_company: 7 });
  });

  it('shows the server’s reason when there is nobody to notify', async () => {
    const { fake } = fakeClients([dental]);
    const detail = 'This client has no users to notify yet. Invite one first.';
    fake.answer(clientCompanyEndpoints.sendNotification, {}, () => ({ status: 400, data: { detail } }));
    openClients();
    await openActions('Harbor Dental');
    await userEvent.click(await findMenuItem(/Notify now/));
    await userEvent.click(within(await findDialog('Notify the people')).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('opens the client’s settings and the view as client', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(clientSideEndpoints.ownCompany, { pk: 7 }, makeOwnCompany()).answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant());
    const app = renderAt('/dashboard/accountant/clients/');
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/View as client/));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/as-client/7/'));
    expect(await screen.findByText('Viewing as Sunrise Bakery LLC')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to clients' }));
    await openActions('Sunrise Bakery LLC');
    await userEvent.click(await findMenuItem(/Open settings/));
    await waitFor(() => expect(app.pathname()).toBe('/settings/accountant/client/7/'));
  });
});
