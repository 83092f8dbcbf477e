import { screen, waitFor, within } from '@testing-library/react';
import { clientCompanyEndpoints, quickbooksEndpoints, transactionEndpoints } from '@herd/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientCompany } from '../../../../test/fake-api';
import { bakery, fakeClients } from '../../../../test/fake-clients';
import { makeLedgerSync, stubLocationAssign } from '../../../../test/fake-qbo';
import { fastUser, findMenuItem } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientsPage } from './clients-page';
import { SYNC_POLL_MS } from '../../../lib/ledger-sync';

let userEvent = fastUser();
let location = stubLocationAssign();
beforeEach(() => {
  userEvent = fastUser();
  location = stubLocationAssign();
});
afterEach(() => {
  location.restore();
  vi.useRealTimers();
});

const INTUIT = 'https://sandbox.example/connect?state=abc';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

const books = makeClientCompany({
  pk: 11,
  name: 'Craig’s Design and Landscaping',
  connection_kind: 'QBO',
  ledger_sync: makeLedgerSync({ sandbox: true, state: 'IDLE', last_synced_at: minutesAgo(5) }),
});
const pulling = makeClientCompany({ pk: 12, name: 'Pulling Co', connection_kind: 'QBO', ledger_sync: makeLedgerSync({ state: 'RUNNING' }) });
const waiting = makeClientCompany({ pk: 13, name: 'Waiting Co', connection_kind: 'QBO', ledger_sync: makeLedgerSync({ state: 'QUEUED' }) });
const failed = makeClientCompany({
  pk: 14,
  name: 'Failed Co',
  connection_kind: 'QBO',
  ledger_sync: makeLedgerSync({ state: 'FAILED', last_error: 'QuickBooks answered 500 to the Purchase query.' }),
});
const refused = makeClientCompany({
  pk: 15,
  name: 'Refused Co',
  connection_kind: 'QBO',
  connection_state: 'NEEDS_REAUTH',
  ledger_sync: makeLedgerSync({ last_synced_at: minutesAgo(60 * 24 * 3) }),
});

/** The clients list alone, behind the sign-in guard (the profile comes from the fake API). */
const openClients = (query = '') => renderPage(<ClientsPage />, { path: `${routes.accountant.clients}${query}`, route: routes.accountant.clients });

describe('QuickBooks on the clients list', () => {
  it('Connect QuickBooks asks the server where Intuit is, for a new company, and sends the browser there', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(quickbooksEndpoints.connect, {}, { url: INTUIT });
    openClients();
    await userEvent.click(await screen.findByRole('button', { name: /Connect QuickBooks/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(INTUIT));
    expect(fake.callsTo(quickbooksEndpoints.connect, {})).toEqual([expect.objectContaining({ params: {} })]);
  });

  it('says why when the server will not start the connection, and stays', async () => {
    const { fake } = fakeClients([bakery]);
    fake.answer(quickbooksEndpoints.connect, {}, () => ({ status: 403, data: { detail: 'Your firm’s trial has ended.' } }));
    openClients();
    await userEvent.click(await screen.findByRole('button', { name: /Connect QuickBooks/ }));
    expect(await screen.findByText('Your firm’s trial has ended.')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('marks sandbox companies and says where each sync stands', async () => {
    fakeClients([books, pulling, waiting, failed, bakery]);
    openClients();
    await screen.findByRole('link', { name: books.name });
    expect(within(row(books.name)).getByTestId('sandbox-tag')).toHaveTextContent('Sandbox');
    expect(within(row(books.name)).getByText('QuickBooks Online')).toBeInTheDocument();
    expect(within(row(books.name)).getByText(/Last synced 5 minutes ago/)).toBeInTheDocument();
    expect(within(row('Pulling Co')).getByText('Syncing…')).toBeInTheDocument();
    expect(within(row('Pulling Co')).queryByTestId('sandbox-tag')).not.toBeInTheDocument();
    expect(within(row('Waiting Co')).getByText('Queued')).toBeInTheDocument();
    expect(within(row('Sunrise Bakery LLC')).queryByText(/synced|Syncing|Queued/)).not.toBeInTheDocument();
    const failure = within(row('Failed Co')).getByText('Sync failed');
    await userEvent.hover(failure);
    expect(await screen.findByText('QuickBooks answered 500 to the Purchase query.')).toBeInTheDocument();
  });

  it('keeps asking while a sync runs, and stops once it is done', async () => {
    let answers = 0;
    const { fake } = fakeClients([]);
    fake.answer(clientCompanyEndpoints.list, {}, () => {
      answers += 1;
      const company = answers < 2 ? pulling : { ...pulling, ledger_sync: makeLedgerSync({ state: 'IDLE', last_synced_at: minutesAgo(0) }) };
      return { status: 200, data: { count: 1, next: null, previous: null, results: [company] } };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_MS));
    openClients();
    expect(await screen.findByText('Syncing…')).toBeInTheDocument();
    const countsBefore = fake.callsTo(transactionEndpoints.companyCounts, {}).length;
    await nextPoll();
    expect(await screen.findByText(/Last synced just now/)).toBeInTheDocument();
    // The pull brought new open work: the counts per client are asked again.
    await waitFor(() => expect(fake.callsTo(transactionEndpoints.companyCounts, {}).length).toBeGreaterThan(countsBefore));
    const calls = fake.callsTo(clientCompanyEndpoints.list, {}).length;
    await nextPoll();
    await nextPoll();
    expect(fake.callsTo(clientCompanyEndpoints.list, {})).toHaveLength(calls);
  });

  it('offers Reconnect on a company QuickBooks refused, through the reauth flow for that company', async () => {
    const { fake } = fakeClients([refused, books]);
    fake.answer(quickbooksEndpoints.reauth, {}, { url: `${INTUIT}&reauth=1` });
    openClients();
    await screen.findByRole('link', { name: 'Refused Co' });
    expect(within(row('Refused Co')).getByText('Needs reconnecting')).toBeInTheDocument();
    expect(within(row(books.name)).queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();
    await userEvent.click(within(row('Refused Co')).getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(`${INTUIT}&reauth=1`));
    expect(fake.callsTo(quickbooksEndpoints.reauth, {}).map((r) => r.params)).toEqual([{ client_company: 15 }]);
    expect(fake.callsTo(quickbooksEndpoints.connect, {})).toHaveLength(0);
  });

  it('Sync now asks QuickBooks for what changed and says what the server answered', async () => {
    const { fake } = fakeClients([books]);
    fake.answer(quickbooksEndpoints.syncClient, {}, { queued: true, detail: 'What changed in the ledger will be pulled in the background.' });
    openClients();
    await userEvent.click(await screen.findByLabelText(`Actions for ${books.name}`));
    await userEvent.click(await findMenuItem(/Sync now/));
    expect(await screen.findByText('What changed in the ledger will be pulled in the background.')).toBeInTheDocument();
    expect(fake.callsTo(quickbooksEndpoints.syncClient, {}).map((r) => r.body)).toEqual([{ client_company: 11 }]);
  });

  it('has no Sync now for a company without QuickBooks', async () => {
    fakeClients([bakery]);
    openClients();
    await userEvent.click(await screen.findByLabelText('Actions for Sunrise Bakery LLC'));
    await findMenuItem(/Notify now/);
    expect(screen.queryByRole('menuitem', { name: /Sync now/ })).not.toBeInTheDocument();
  });

  it('back from Intuit with a new company: says so, points the row out, refreshes and cleans the address', async () => {
    const { fake } = fakeClients([books, bakery]);
    fake.answer(clientCompanyEndpoints.retrieve, { pk: 11 }, books);
    const app = openClients('?qbo_connected=11');
    expect(await screen.findByText(`${books.name} is connected to QuickBooks.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its transactions' })).toHaveAttribute('href', '/dashboard/accountant/active/11/');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(row(books.name)).toHaveClass('herd-row-highlight');
    expect(row('Sunrise Bakery LLC')).not.toHaveClass('herd-row-highlight');
  });

  it('back from Intuit with an error: shows it and cleans the address', async () => {
    fakeClients([bakery]);
    const app = openClients(`?qbo_error=${encodeURIComponent('QuickBooks was not connected: access was not granted.')}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('QuickBooks was not connected');
    expect(alert).toHaveTextContent('access was not granted.');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(screen.getByText('QuickBooks was not connected: access was not granted.')).toBeInTheDocument();
  });
});
