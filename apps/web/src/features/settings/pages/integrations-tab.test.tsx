import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileEndpoints } from '@herd/contract';
import { createFakeApi, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

/** The tab the routes hand in (Karbon's); its own tests are the Karbon feature's. */
const Integrations = () => <p>The firm’s integrations</p>;

const open = () =>
  renderPage(<SettingsPage section="accountant" integrationsTab={Integrations} />, {
    path: `${routes.settings.accountant}?tab=integrations`,
    route: routes.settings.accountant,
  });

describe('the Integrations tab', () => {
  it('is a firm admin’s', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).install();
    open();
    expect(await screen.findByText('The firm’s integrations')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Integrations' })).toBeInTheDocument();
  });

  it('is not offered to a team member', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfileWithRole('TEAM_MEMBER')).install();
    open();
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.queryByRole('tab', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(screen.queryByText('The firm’s integrations')).not.toBeInTheDocument();
  });
});
