import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, clientUserEndpoints, coworkerEndpoints, profileEndpoints, type BillingInfo } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeClientCompany, makeClientUser, makeProfile, paginated } from '../../../../test/fake-api';
import { bakery, fakeClients } from '../../../../test/fake-clients';
import { fastUser, findMenuItem } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { billingKeys } from '../../billing/api';
import { ClientSettingsPage } from './client-settings-page';
import { ClientsPage } from './clients-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const READ_ONLY = 'Read-only: the subscription needs attention';
const lapsed = makeBillingInfo({ read_only: true, status: 'CANCELLED', subscription_status: 'canceled' });
const paying = makeBillingInfo({ read_only: false, status: 'PAID' });

/** The page alone; the billing info the signed-in layout reads on every screen is known from the start. */
const withBilling = (app: ReturnType<typeof renderPage>, info: BillingInfo) => app.client.setQueryData(billingKeys.info(), info);

const openClients = (info: BillingInfo) => {
  fakeClients([bakery]);
  withBilling(renderPage(<ClientsPage />, { path: routes.accountant.clients, route: routes.accountant.clients }), info);
};

describe('the clients list while the firm is read-only', () => {
  it('disables adding and connecting clients and the row’s changing actions, but not opening or viewing', async () => {
    openClients(lapsed);
    const add = await screen.findByRole('button', { name: /Add client/ });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add.closest(`[title="${READ_ONLY}"]`)).not.toBeNull();
    expect(screen.getByRole('button', { name: /Connect QuickBooks/ })).toBeDisabled();

    await userEvent.click(screen.getByLabelText(`Actions for ${bakery.name}`));
    for (const name of ['Notify now', 'Disconnect']) expect(await findMenuItem(new RegExp(name))).toHaveAttribute('aria-disabled', 'true');
    for (const name of ['Open settings', 'View as client', 'Copy magic link']) expect(await findMenuItem(new RegExp(name))).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('offers them all while the firm pays', async () => {
    openClients(paying);
    expect(await screen.findByRole('button', { name: /Add client/ })).toBeEnabled();
    await userEvent.click(await screen.findByLabelText(`Actions for ${bakery.name}`));
    expect(await findMenuItem(/Notify now/)).not.toHaveAttribute('aria-disabled', 'true');
  });
});

describe('a client’s settings while the firm is read-only', () => {
  it('disables the settings form and inviting, editing and removing the client’s people', async () => {
    const company = makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC', client_users_count: 1 });
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, company)
      .answer(clientUserEndpoints.list, {}, paginated([makeClientUser({ pk: 21, first_name: 'Casey', last_name: 'Brook' })]))
      .answer(coworkerEndpoints.list, {}, [])
      .install();
    const path = buildPath(routes.settings.accountantClient, { clientPk: 7 });
    withBilling(renderPage(<ClientSettingsPage />, { path, route: routes.settings.accountantClient }), lapsed);

    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveAttribute('title', READ_ONLY);
    const users = within((await screen.findByText('Casey Brook')).closest('.ant-card') as HTMLElement);
    expect(users.getByRole('button', { name: /Invite client user/ })).toBeDisabled();
    await userEvent.click(users.getByLabelText('Actions for Casey Brook'));
    expect(await findMenuItem(/Edit/)).toHaveAttribute('aria-disabled', 'true');
    expect(await findMenuItem(/Remove/)).toHaveAttribute('aria-disabled', 'true');
    expect(await findMenuItem(/Copy magic link/)).not.toHaveAttribute('aria-disabled', 'true');
  });
});
