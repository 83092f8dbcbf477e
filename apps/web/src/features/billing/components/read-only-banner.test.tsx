import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, type BillingInfo, type Profile } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeClientProfile, makeMemberBillingInfo, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage, testQueryClient } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ReadOnlyBanner } from './read-only-banner';

const show = (profile: Profile, info: BillingInfo) => {
  const fake = createFakeApi().answer(billingEndpoints.info, {}, info).install();
  return { fake, ...renderPage(<ReadOnlyBanner />, { path: '/dashboard/', profile }) };
};

const lapsedAdmin = (overrides: Partial<BillingInfo>) => makeBillingInfo({ read_only: true, ...overrides });

describe('the read-only banner', () => {
  it('shows nothing while the firm may work', async () => {
    const { fake } = show(makeProfile(), makeBillingInfo());
    await waitFor(() => expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a firm admin the trial ended and links to billing', async () => {
    const { pathname } = show(makeProfile(), lapsedAdmin({ status: 'TRIAL_EXPIRED', subscription_status: null, card: null }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your firm’s free trial has ended, so Herd is read-only.');
    expect(alert).toHaveTextContent('Subscribe on the Billing page to keep working.');
    await fastUser().click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(pathname()).toBe(routes.settings.accountantBilling);
  });

  it('tells a firm admin a failed payment cancelled the subscription and to update the card', async () => {
    show(makeProfile(), lapsedAdmin({ status: 'CANCELLED', subscription_status: 'unpaid' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your firm’s subscription payment failed, so Herd is read-only.');
    expect(alert).toHaveTextContent('Update your card on the Billing page');
    expect(screen.getByRole('link', { name: 'Go to billing' })).toBeInTheDocument();
  });

  it('tells a firm admin the subscription was cancelled and to restart it', async () => {
    show(makeProfile(), lapsedAdmin({ status: 'CANCELLED', subscription_status: 'canceled' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your firm’s subscription was cancelled, so Herd is read-only.');
    expect(alert).toHaveTextContent('Restart the subscription on the Billing page');
  });

  it('asks a team member to turn to the firm admin, with no link', async () => {
    show(makeProfileWithRole('TEAM_MEMBER'), makeMemberBillingInfo({ read_only: true, status: 'TRIAL_EXPIRED' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your firm’s free trial has ended, so Herd is read-only.');
    expect(alert).toHaveTextContent('Ask your firm’s admin to subscribe on the Billing page.');
    expect(screen.queryByRole('link', { name: 'Go to billing' })).not.toBeInTheDocument();
  });

  it('tells a team member of a cancelled firm that the subscription is not active', async () => {
    show(makeProfileWithRole('CLIENT_ADMIN'), makeMemberBillingInfo({ read_only: true, status: 'CANCELLED' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your firm’s subscription is not active, so Herd is read-only.');
    expect(alert).toHaveTextContent('Ask your firm’s admin');
  });

  it('tells a client gently that their accountant’s account is paused, without money talk', async () => {
    show(makeClientProfile(), makeMemberBillingInfo({ read_only: true, status: 'CANCELLED' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your accountant’s Herd account is paused for now.');
    expect(alert).toHaveTextContent('answers and uploads can’t be saved');
    expect(alert).not.toHaveTextContent(/billing|subscri|payment/i);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing when billing info cannot be read, and does not retry (unlike the app’s other queries)', async () => {
    const fake = createFakeApi()
      .answer(billingEndpoints.info, {}, () => ({ status: 503, data: { detail: 'Down for maintenance.' } }))
      .install();
    const { client } = renderPage(<ReadOnlyBanner />, { path: '/dashboard/', profile: makeProfile(), client: testQueryClient() });
    await waitFor(() => expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1));
    await waitFor(() => expect(client.getQueryState(['billing', 'info'])?.status).toBe('error'));
    expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
