import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, showsMfaSetupPrompt, type FirmRole } from '@herd/contract';
import { createFakeApi, makeProfile, paginated } from '../../../test/fake-api';
import { renderAt } from '../../../test/render-app';

const member = (role: FirmRole, mfa_enabled: boolean, is_mfa_setup: boolean) => ({
  role,
  mfa_enabled,
  is_mfa_setup,
});

describe('when the MFA setup prompt shows', () => {
  // flag on · role · member exists · mfa_enabled · is_mfa_setup → prompt
  // Every firm has two-step verification, so no feature flag takes part.
  const cases: [FirmRole | null, boolean, boolean, boolean][] = [
    ['TEAM_MEMBER', true, false, true],
    ['FIRM_ADMIN', true, false, false],
    ['CLIENT_ADMIN', true, false, false],
    [null, false, false, false],
    ['TEAM_MEMBER', false, false, false],
    ['TEAM_MEMBER', true, true, false],
    ['TEAM_MEMBER', false, true, false],
  ];
  it.each(cases)('role %s, required %s, set up %s → %s', (role, enabled, setUp, expected) => {
    const profile = { accountant_company_user: role ? member(role, enabled, setUp) : null };
    expect(showsMfaSetupPrompt(profile)).toBe(expected);
  });

  it('asks a required team member on every page, linking to the security tab', async () => {
    const profile = makeProfile({ feature_flags: [] });
    profile.accountant_company_user = { ...profile.accountant_company_user!, role: 'TEAM_MEMBER', mfa_enabled: true };
    createFakeApi().answer(profileEndpoints.profile, {}, profile).answer(clientCompanyEndpoints.list, {}, paginated([])).install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText('Your firm requires two-step verification for your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set it up' })).toHaveAttribute('href', '/settings/?tab=security');
  });
});
