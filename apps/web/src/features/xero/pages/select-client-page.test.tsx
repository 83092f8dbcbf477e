import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, xeroEndpoints, type ResponseOf } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { stubLocationAssign } from '../../../../test/fake-qbo';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { XeroSelectClientPage } from './select-client-page';

type PendingGrant = ResponseOf<typeof xeroEndpoints.pendingGrant>;

const GRANT = 'g-123';
const grantQuery = { grant: GRANT };

/** Three organisations: one already connected to Harbor Dental (not among the companies offered), one the server matched to Sunrise Bakery, one new. */
const pendingGrant = (overrides: Partial<PendingGrant> = {}): PendingGrant => ({
  organisations: [
    { tenant_id: 't-harbor', name: 'Harbor Dental Ltd', connected_company: 8, suggested_company: null },
    { tenant_id: 't-bakery', name: 'Sunrise Bakery', connected_company: null, suggested_company: 7 },
    { tenant_id: 't-cafe', name: 'Cafe Luna Ltd', connected_company: null, suggested_company: null },
  ],
  companies: [
    { pk: 7, name: 'Sunrise Bakery LLC', connection_kind: 'CSV' },
    { pk: 9, name: 'Northwind Traders', connection_kind: 'CONNECTIONLESS' },
  ],
  sandbox: false,
  expires_at: '2026-11-28T12:30:00Z',
  ...overrides,
});

const fakeGrant = (grant: PendingGrant = pendingGrant()) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, { pk: 8 }, makeClientCompany({ pk: 8, name: 'Harbor Dental', connection_kind: 'XERO' }))
    .answer(xeroEndpoints.pendingGrant, {}, grant)
    .install();

const open = (query = `?grant=${GRANT}`) =>
  renderPage(<XeroSelectClientPage />, { path: `${routes.accountant.xeroSelectClient}${query}`, route: routes.accountant.xeroSelectClient });

const card = (name: string) => screen.findByRole('listitem', { name });
const companyOf = (item: HTMLElement) => within(item).getByRole('combobox').closest('.ant-select')!.textContent;
/** Picks `option` in the organisation's select, as a click on the list does. */
const choose = async (item: HTMLElement, option: string) => {
  fireEvent.mouseDown(within(item).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
};

let userEvent = fastUser();
let location = stubLocationAssign();
beforeEach(() => {
  userEvent = fastUser();
  location = stubLocationAssign();
});
afterEach(() => location.restore());

describe('choosing where each Xero organisation goes', () => {
  it('ticks every organisation, placed where it is connected, else where the server suggests, else as a new client company', async () => {
    const fake = fakeGrant();
    open();
    const harbor = await card('Harbor Dental Ltd');
    expect(fake.callsTo(xeroEndpoints.pendingGrant, {})[0]?.params).toEqual(grantQuery);
    for (const name of ['Harbor Dental Ltd', 'Sunrise Bakery', 'Cafe Luna Ltd']) expect(within(await card(name)).getByRole('checkbox')).toBeChecked();
    // Its company is not among those offered: its name is read on its own.
    expect(await within(harbor).findByText('Connected to Harbor Dental')).toBeInTheDocument();
    await waitFor(() => expect(companyOf(harbor)).toBe('Harbor Dental (connected)'));
    expect(within(harbor).getByText('Already connected: choosing it again reconnects it.')).toBeInTheDocument();
    expect(companyOf(await card('Sunrise Bakery'))).toBe('Sunrise Bakery LLC');
    expect(companyOf(await card('Cafe Luna Ltd'))).toBe('New client company');
    expect(screen.getByRole('button', { name: 'Connect 3 organisations' })).toBeInTheDocument();
  });

  it('sends the ticked ones with their choices, then goes to the clients list and says so', async () => {
    const fake = fakeGrant().answer(
      xeroEndpoints.selectClient,
      {},
      {
        connected: [
          { tenant_id: 't-harbor', client_company: 8 },
          { tenant_id: 't-cafe', client_company: 9 },
        ],
      },
    );
    const app = open();
    await userEvent.click(within(await card('Sunrise Bakery')).getByRole('checkbox'));
    expect(within(await card('Sunrise Bakery')).getByText('Left out: Herd does not connect it.')).toBeInTheDocument();
    await choose(await card('Cafe Luna Ltd'), 'Northwind Traders');
    await userEvent.click(screen.getByRole('button', { name: 'Connect 2 organisations' }));
    await waitFor(() => expect(app.pathname()).toBe(routes.accountant.clients));
    expect(await screen.findByText('2 Xero organisations connected. Herd is pulling their transactions in the background.')).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.selectClient, {}).map((r) => r.body)).toEqual([
      {
        grant: GRANT,
        choices: [
          { tenant_id: 't-harbor', client_company: 8 },
          { tenant_id: 't-cafe', client_company: 9 },
        ],
      },
    ]);
  });

  it('sends a new client company as null', async () => {
    const fake = fakeGrant(pendingGrant({ organisations: [{ tenant_id: 't-cafe', name: 'Cafe Luna Ltd', connected_company: null, suggested_company: 9 }] })).answer(
      xeroEndpoints.selectClient,
      {},
      { connected: [{ tenant_id: 't-cafe', client_company: 31 }] },
    );
    const app = open();
    await choose(await card('Cafe Luna Ltd'), 'New client company');
    await userEvent.click(screen.getByRole('button', { name: 'Connect 1 organisation' }));
    await waitFor(() => expect(app.pathname()).toBe(routes.accountant.clients));
    expect(fake.callsTo(xeroEndpoints.selectClient, {})[0]?.body).toEqual({ grant: GRANT, choices: [{ tenant_id: 't-cafe', client_company: null }] });
  });

  it('says that leaving out a connected organisation disconnects it', async () => {
    fakeGrant();
    open();
    const harbor = await card('Harbor Dental Ltd');
    await within(harbor).findByText('Connected to Harbor Dental');
    await userEvent.click(within(harbor).getByRole('checkbox'));
    expect(within(harbor).getByText('Left out: Herd disconnects it from Harbor Dental.')).toBeInTheDocument();
    expect(within(harbor).getByRole('combobox')).toBeDisabled();
  });

  it('does not offer a company another ticked organisation goes to', async () => {
    fakeGrant();
    open();
    fireEvent.mouseDown(within(await card('Cafe Luna Ltd')).getByRole('combobox'));
    // The option in the open list, not Sunrise Bakery's own choice (which has the same title).
    const option = async (title: string) => (await screen.findAllByTitle(title)).find((element) => element.classList.contains('ant-select-item-option'));
    expect(await option('Sunrise Bakery LLC')).toHaveClass('ant-select-item-option-disabled');
    expect(await option('Northwind Traders')).not.toHaveClass('ant-select-item-option-disabled');
  });

  it('wants at least one organisation, in the contract’s words, before sending anything', async () => {
    const fake = fakeGrant();
    open();
    for (const name of ['Harbor Dental Ltd', 'Sunrise Bakery', 'Cafe Luna Ltd']) await userEvent.click(within(await card(name)).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Choose at least one organisation.')).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.selectClient, {})).toHaveLength(0);
  });

  it('puts a refused choice under its organisation and the rest above the list', async () => {
    fakeGrant().answer(xeroEndpoints.selectClient, {}, () => ({
      status: 400,
      data: { 'choices.1.client_company': ['Sunrise Bakery LLC is connected to QuickBooks already.'], detail: 'Nothing was connected.' },
    }));
    const app = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect 3 organisations' }));
    expect(await within(await card('Sunrise Bakery')).findByText('Sunrise Bakery LLC is connected to QuickBooks already.')).toBeInTheDocument();
    expect(within(await card('Cafe Luna Ltd')).queryByText(/connected to QuickBooks/)).not.toBeInTheDocument();
    expect(screen.getByText('Nothing was connected.')).toBeInTheDocument();
    expect(app.pathname()).toBe(routes.accountant.xeroSelectClient);
  });

  it('marks a consent of the built-in sandbox', async () => {
    fakeGrant(pendingGrant({ sandbox: true }));
    open();
    await card('Cafe Luna Ltd');
    expect(screen.getByTestId('sandbox-tag')).toBeInTheDocument();
  });
});

describe('a consent that is gone', () => {
  it('shows the server’s words and connects Xero again', async () => {
    const fake = fakeGrant()
      .answer(xeroEndpoints.pendingGrant, {}, () => ({ status: 404, data: { detail: 'This Xero connection has expired. Connect Xero again.' } }))
      .answer(xeroEndpoints.connect, {}, { url: 'https://login.xero.example/?state=again' });
    open();
    expect(await screen.findByText('This Xero connection has expired. Connect Xero again.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Xero organisations' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Connect Xero again/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://login.xero.example/?state=again'));
    expect(fake.callsTo(xeroEndpoints.connect, {})).toHaveLength(1);
  });

  it('an address without a grant asks nothing and says so in the contract’s words', async () => {
    const fake = fakeGrant();
    open('');
    expect(await screen.findByText('This Xero connection has expired. Connect Xero again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect Xero again/ })).toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.pendingGrant, {})).toHaveLength(0);
  });

  it('gone while choosing: says so instead of the list', async () => {
    fakeGrant().answer(xeroEndpoints.selectClient, {}, () => ({ status: 404, data: { detail: 'This Xero connection has expired. Connect Xero again.' } }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect 3 organisations' }));
    expect(await screen.findByText('This Xero connection has expired. Connect Xero again.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Xero organisations' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect Xero again/ })).toBeInTheDocument();
  });

  it('another failure offers to try again', async () => {
    fakeGrant().answer(xeroEndpoints.pendingGrant, {}, () => ({ status: 500, data: { detail: 'Something went wrong on our side. Please try again.' } }));
    open();
    expect(await screen.findByText('Could not load the organisations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
