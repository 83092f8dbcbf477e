import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, type BillingInfo } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { TrialCountdownBanner } from './trial-countdown-banner';

const NOW = new Date('2026-03-10T12:00:00');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

const show = (info: BillingInfo) => {
  const fake = createFakeApi().answer(billingEndpoints.info, {}, info).install();
  return { fake, ...renderPage(<TrialCountdownBanner now={NOW} />, { path: '/dashboard/', profile: makeProfile() }) };
};

const trial = (endsInDays: number) => makeBillingInfo({ status: 'TRIAL', subscription_status: null, read_only: false, trial_ends_at: daysFromNow(endsInDays) });

describe('the trial countdown banner', () => {
  it('counts down the last 7 days with a link to add a card', async () => {
    const { pathname } = show(trial(3));
    expect(await screen.findByText('Your trial ends in 3 days')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('link', { name: 'Add a card' }));
    expect(pathname()).toBe(routes.settings.accountantBilling);
  });

  it('says tomorrow on the day before', async () => {
    show(trial(1));
    expect(await screen.findByText('Your trial ends tomorrow')).toBeInTheDocument();
  });

  it('says today on the last day', async () => {
    show(trial(0.2));
    expect(await screen.findByText('Your trial ends today')).toBeInTheDocument();
  });

  it('shows on the seventh day, not before', async () => {
    show(trial(7));
    expect(await screen.findByText('Your trial ends in 7 days')).toBeInTheDocument();
  });

  it('shows nothing eight days before the end', async () => {
    const { fake } = show(trial(8));
    await waitFor(() => expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1));
    expect(screen.queryByText(/Your trial ends/)).not.toBeInTheDocument();
  });

  it('shows nothing for a firm that has paid', async () => {
    const { fake } = show(makeBillingInfo({ status: 'PAID', trial_ends_at: daysFromNow(2) }));
    await waitFor(() => expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1));
    expect(screen.queryByText(/Your trial ends/)).not.toBeInTheDocument();
  });
});
