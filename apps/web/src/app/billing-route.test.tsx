import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, profileEndpoints, type Profile } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeClientProfile, makeProfile, makeProfileWithRole } from '../../test/fake-api';
import { fastUser } from '../../test/dom';
import { renderAt } from '../../test/render-app';
import { routes } from '../lib/routes';

const fakeFirm = (profile: Profile) => createFakeApi().answer(profileEndpoints.profile, {}, profile).answer(billingEndpoints.info, {}, makeBillingInfo()).install();

describe('billing in settings', () => {
  it('is a Billing tab for a firm admin, at its own address', async () => {
    fakeFirm(makeProfile());
    const { pathname } = renderAt(routes.settings.accountant);
    await fastUser().click(await screen.findByRole('tab', { name: 'Billing' }));
    expect(pathname()).toBe(routes.settings.accountantBilling);
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Billing'));
  });

  it('goes back to another tab at the settings address', async () => {
    fakeFirm(makeProfile());
    const { pathname, searchParams } = renderAt(routes.settings.accountantBilling);
    await fastUser().click(await screen.findByRole('tab', { name: 'Team' }));
    expect(pathname()).toBe(routes.settings.accountant);
    expect(searchParams().get('tab')).toBe('team');
  });

  it('is reached from a link that names the tab', async () => {
    fakeFirm(makeProfile());
    const { pathname } = renderAt(`${routes.settings.root}?tab=billing`);
    await waitFor(() => expect(pathname()).toBe(routes.settings.accountantBilling));
  });

  it('is open to a coworker who is a firm admin', async () => {
    fakeFirm(makeProfile({ account_type: 'ACCOUNTANT_COWORKER' }));
    renderAt(routes.settings.accountantBilling);
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('is not offered to a team member', async () => {
    fakeFirm(makeProfileWithRole('TEAM_MEMBER'));
    renderAt(routes.settings.accountant);
    expect(await screen.findByRole('tab', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('answers not-found to a team member at its address', async () => {
    fakeFirm(makeProfileWithRole('CLIENT_ADMIN'));
    renderAt(routes.settings.accountantBilling);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByText('Visa •••• 4242')).not.toBeInTheDocument();
  });

  it('sends a client away: the billing address is for the firm', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeClientProfile()).answer(billingEndpoints.info, {}, makeBillingInfo()).install();
    const { pathname } = renderAt(routes.settings.accountantBilling);
    await waitFor(() => expect(pathname()).toBe(routes.forbidden));
  });
});
