import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appEndpoints, clientCompanyEndpoints, quickbooksEndpoints, xeroEndpoints, type ClientConfig } from '@herd/contract';
import { fastUser, findMenuItem } from '../../../../test/dom';
import { makeClientCompany, makeClientConfig } from '../../../../test/fake-api';
import { bakery, fakeClients } from '../../../../test/fake-clients';
import { makeLedgerSync, stubLocationAssign } from '../../../../test/fake-qbo';
import { renderAt, renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientConnectionCard } from '../components/client-connection-card';
import { ClientsPage } from './clients-page';

let userEvent = fastUser();
let location = stubLocationAssign();
beforeEach(() => {
  userEvent = fastUser();
  location = stubLocationAssign();
});
afterEach(() => location.restore());

const XERO_CONSENT = 'https://login.xero.example/identity/connect/authorize?state=abc';
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

const xeroSync = (overrides: Parameters<typeof makeLedgerSync>[0] = {}) => makeLedgerSync({ provider: 'XERO', external_company_id: 'tenant-1', ...overrides });
const demo = makeClientCompany({ pk: 21, name: 'Demo Company (Global)', connection_kind: 'XERO', ledger_sync: xeroSync({ sandbox: true }) });
const refused = makeClientCompany({ pk: 22, name: 'Lapsed Organisation', connection_kind: 'XERO', connection_state: 'NEEDS_REAUTH', ledger_sync: xeroSync() });

/** The clients list of `companies`, on a server that reaches Xero as `xero` says. */
const xeroClients = (companies = [demo, bakery], xero: ClientConfig['xero'] = 'live') => {
  const { fake } = fakeClients(companies);
  return fake.answer(appEndpoints.clientConfig, {}, makeClientConfig({ xero }));
};
const openClients = (query = '') => renderPage(<ClientsPage />, { path: `${routes.accountant.clients}${query}`, route: routes.accountant.clients });

describe('Xero on the clients list', () => {
  it('Connect Xero sits beside Connect QuickBooks and sends the browser to the consent the server named', async () => {
    const fake = xeroClients().answer(xeroEndpoints.connect, {}, { url: XERO_CONSENT });
    openClients();
    const connect = await screen.findByRole('button', { name: /Connect Xero/ });
    expect(connect.parentElement).toContainElement(screen.getByRole('button', { name: /Connect QuickBooks/ }));
    await userEvent.click(connect);
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(XERO_CONSENT));
    expect(fake.callsTo(xeroEndpoints.connect, {})).toEqual([expect.objectContaining({ params: {} })]);
    expect(fake.callsTo(quickbooksEndpoints.connect, {})).toHaveLength(0);
  });

  it('labels it for the built-in sandbox', async () => {
    xeroClients([demo], 'sandbox');
    openClients();
    expect(await screen.findByRole('button', { name: /Connect Xero \(sandbox\)/ })).toBeInTheDocument();
  });

  it('offers no Connect Xero where the server has no Xero', async () => {
    xeroClients([demo], 'off');
    const app = openClients();
    expect(await screen.findByRole('button', { name: /Connect QuickBooks/ })).toBeInTheDocument();
    await waitFor(() => expect(app.client.getQueryData(['client-config'])).toBeDefined());
    expect(screen.queryByRole('button', { name: /Connect Xero/ })).not.toBeInTheDocument();
  });

  it('says why when the server will not start the connection, and stays', async () => {
    xeroClients().answer(xeroEndpoints.connect, {}, () => ({ status: 403, data: { detail: 'Your firm’s trial has ended.' } }));
    openClients();
    await userEvent.click(await screen.findByRole('button', { name: /Connect Xero/ }));
    expect(await screen.findByText('Your firm’s trial has ended.')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('marks a Xero sandbox company and says where its sync stands', async () => {
    xeroClients([{ ...demo, ledger_sync: xeroSync({ sandbox: true, state: 'RUNNING' }) }, bakery]);
    openClients();
    await screen.findByRole('link', { name: demo.name });
    expect(within(row(demo.name)).getByText('Xero')).toBeInTheDocument();
    expect(within(row(demo.name)).getByTestId('sandbox-tag')).toHaveTextContent('Sandbox');
    expect(within(row(demo.name)).getByText('Syncing…')).toBeInTheDocument();
  });

  it('reconnects a company Xero refused through Xero’s reauth, not QuickBooks’', async () => {
    const fake = xeroClients([refused, demo]).answer(xeroEndpoints.reauth, {}, { url: `${XERO_CONSENT}&reauth=1` });
    openClients();
    await screen.findByRole('link', { name: refused.name });
    expect(within(row(demo.name)).queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();
    await userEvent.click(within(row(refused.name)).getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(`${XERO_CONSENT}&reauth=1`));
    expect(fake.callsTo(xeroEndpoints.reauth, {}).map((r) => r.params)).toEqual([{ client_company: 22 }]);
    expect(fake.callsTo(quickbooksEndpoints.reauth, {})).toHaveLength(0);
  });

  it('names Xero in the row menu’s Reconnect', async () => {
    xeroClients([refused]);
    openClients();
    await userEvent.click(await screen.findByLabelText(`Actions for ${refused.name}`));
    expect(await findMenuItem(/Reconnect Xero/)).toBeInTheDocument();
  });

  it('Sync now asks Xero for what changed', async () => {
    const fake = xeroClients([demo]).answer(xeroEndpoints.syncClient, {}, () => ({
      status: 202,
      data: { queued: true, detail: 'What changed in the ledger will be pulled in the background.' },
    }));
    openClients();
    await userEvent.click(await screen.findByLabelText(`Actions for ${demo.name}`));
    await userEvent.click(await findMenuItem(/Sync now/));
    expect(await screen.findByText('What changed in the ledger will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.syncClient, {}).map((r) => r.body)).toEqual([{ client_company: 21 }]);
    expect(fake.callsTo(quickbooksEndpoints.syncClient, {})).toHaveLength(0);
  });

  it('back from Xero with a new company: says so, points the row out and cleans the address', async () => {
    const fake = xeroClients([demo, bakery]);
    fake.answer(clientCompanyEndpoints.retrieve, { pk: 21 }, demo);
    const app = openClients('?xero_connected=21');
    expect(await screen.findByText(`${demo.name} is connected to Xero.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its transactions' })).toHaveAttribute('href', '/dashboard/accountant/active/21/');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(row(demo.name)).toHaveClass('herd-row-highlight');
    expect(row(bakery.name)).not.toHaveClass('herd-row-highlight');
  });

  it('back from Xero with an error: shows it under Xero’s name and cleans the address', async () => {
    xeroClients([bakery]);
    const app = openClients(`?xero_error=${encodeURIComponent('Xero was not connected: access was not granted.')}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Xero was not connected');
    expect(alert).not.toHaveTextContent('QuickBooks');
    expect(alert).toHaveTextContent('access was not granted.');
    await waitFor(() => expect(app.location().search).toBe(''));
  });
});

describe('a Xero client’s connection card', () => {
  it('marks the sandbox and reconnects through Xero when Xero refused Herd', async () => {
    const fake = xeroClients([]).answer(xeroEndpoints.reauth, {}, { url: XERO_CONSENT });
    renderAt('/', <ClientConnectionCard company={{ ...refused, ledger_sync: xeroSync({ sandbox: true }) }} canDisconnect />);
    expect(screen.getByText('Xero')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-tag')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(XERO_CONSENT));
    expect(fake.callsTo(xeroEndpoints.reauth, {}).map((r) => r.params)).toEqual([{ client_company: 22 }]);
  });

  it('offers no Reconnect while the connection works', () => {
    xeroClients([]);
    renderAt('/', <ClientConnectionCard company={demo} canDisconnect />);
    expect(screen.getByText('Xero')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();
  });
});
