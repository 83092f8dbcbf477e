import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { coworkerEndpoints, memberMfaEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeCoworker, makeProfile } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER' });
const riley = makeCoworker({
  pk: 4,
  user: 4,
  first_name: 'Riley',
  last_name: 'Ng',
  email: 'riley@example.com',
  role: 'TEAM_MEMBER',
  mfa_enabled: true,
  is_mfa_setup: true,
  mfa_method: 'TOTP',
});
const openTeam = () => renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=team`, route: routes.settings.accountant });

describe('two-step verification in the team', () => {
  it('lets a firm admin require it of a team member and reset it', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan, riley])
      .answer(memberMfaEndpoints.update, { pk: 3 }, { pk: 3, mfa_enabled: true, is_mfa_setup: false, mfa_method: null })
      .answer(memberMfaEndpoints.reset, { pk: 4 }, { pk: 4, mfa_enabled: true, is_mfa_setup: false, mfa_method: null })
      .install();
    openTeam();
    const jordanRow = (await screen.findByText('Jordan Lee')).closest('tr')!;
    const rileyRow = screen.getByText('Riley Ng').closest('tr')!;
    expect(within(rileyRow).getByText('On')).toBeInTheDocument();
    expect(within(jordanRow).getByText('Off')).toBeInTheDocument();
    expect(within(jordanRow).queryByRole('button', { name: 'Reset MFA' })).not.toBeInTheDocument();

    await userEvent.click(within(jordanRow).getByRole('button', { name: 'Require MFA' }));
    await waitFor(() => expect(fake.callsTo(memberMfaEndpoints.update, { pk: 3 })[0]?.body).toEqual({ mfa_enabled: true }));

    await userEvent.click(within(rileyRow).getByRole('button', { name: 'Reset MFA' }));
    await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(fake.callsTo(memberMfaEndpoints.reset, { pk: 4 })).toHaveLength(1));
    // The admin's own row has no such actions.
    expect(within(screen.getByText('Avery Stone').closest('tr')!).queryByRole('button', { name: 'Require MFA' })).not.toBeInTheDocument();
  });

  it('is there for a firm with no feature flag at all (a firm that just signed up)', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile({ feature_flags: [] }))
      .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan])
      .install();
    openTeam();
    const row = (await screen.findByText('Jordan Lee')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Require MFA' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Two-step verification' })).toBeInTheDocument();
  });
});
