import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, coworkerEndpoints, firmSettingsEndpoints, profileEndpoints, type BillingInfo } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeCoworker, makeProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { billingKeys } from '../../billing/api';
import { SettingsPage } from './settings-page';

const READ_ONLY = 'Read-only: the subscription needs attention';
const lapsed = makeBillingInfo({ read_only: true, status: 'TRIAL_EXPIRED' });
const paying = makeBillingInfo({ read_only: false, status: 'PAID' });
const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER', has_signed_in: false });

const openTab = (tab: string, info: BillingInfo) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(billingEndpoints.info, {}, info)
    .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan])
    .answer(
      firmSettingsEndpoints.settings,
      {},
      {
        pk: 1,
        company_name: 'Stone & Co',
        main_color: null,
        logo: null,
        logo_file: null,
        time_zone: 'America/New_York',
        reminder_weekday: 1,
        reminder_escalate_after: 3,
      },
    )
    .install();
  const app = renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=${tab}`, route: routes.settings.accountant });
  // The signed-in layout reads the billing info on every screen; here the page stands alone, so it is known from the start.
  app.client.setQueryData(billingKeys.info(), info);
  return fake;
};

describe('settings while the firm is read-only', () => {
  it('disables inviting, roles, resending, removing and requiring MFA in the team, saying why', async () => {
    openTab('team', lapsed);
    const row = (await screen.findByText('Jordan Lee')).closest('tr')!;
    const controls = [
      screen.getByRole('button', { name: /Invite coworker/ }),
      within(row).getByRole('combobox', { name: 'Role of Jordan Lee' }),
      within(row).getByRole('button', { name: 'Resend the invitation to Jordan Lee' }),
      within(row).getByRole('button', { name: 'Copy the invitation link of Jordan Lee' }),
      within(row).getByRole('button', { name: 'Remove Jordan Lee' }),
      within(row).getByRole('button', { name: 'Require MFA' }),
    ];
    await waitFor(() => expect(controls[0]).toBeDisabled());
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control.closest(`[title="${READ_ONLY}"]`)).not.toBeNull();
    }
  });

  it('leaves the team’s controls available while the firm pays', async () => {
    openTab('team', paying);
    const row = (await screen.findByText('Jordan Lee')).closest('tr')!;
    expect(screen.getByRole('button', { name: /Invite coworker/ })).toBeEnabled();
    expect(within(row).getByRole('combobox', { name: 'Role of Jordan Lee' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Remove Jordan Lee' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Require MFA' })).toBeEnabled();
  });

  it('disables the firm branding form', async () => {
    openTab('branding', lapsed);
    const name = await screen.findByLabelText('Firm name');
    await waitFor(() => expect(name).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save branding' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save branding' })).toHaveAttribute('title', READ_ONLY);
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  });

  it('keeps the person’s own profile and password usable', async () => {
    openTab('profile', lapsed);
    const firstName = await screen.findByLabelText('First name');
    expect(firstName).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled();
    expect(screen.getByLabelText('Current password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(document.querySelector('[data-read-only]')).toBeNull();
  });
});
