import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fileEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientProfile, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

const GB = 1024 ** 3;
const openStorage = (profile: ReturnType<typeof makeProfile>, usage: { used_bytes: number; quota_bytes: number }) => {
  const fake = createFakeApi().answer(profileEndpoints.profile, {}, profile).answer(fileEndpoints.usage, {}, usage).install();
  renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=storage`, route: routes.settings.accountant });
  return fake;
};

describe('the firm’s storage in its settings', () => {
  it('shows what the firm uses against its limit, and what counts', async () => {
    openStorage(makeProfile(), { used_bytes: 12.5 * GB, quota_bytes: 100 * GB });
    expect(await screen.findByText('12.5 GB of 100 GB used')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '13');
    expect(screen.getByText(/Only an upload to Documents that would go past the limit is refused/)).toBeInTheDocument();
    expect(screen.queryByText(/nearly full/)).not.toBeInTheDocument();
  });

  it('warns a team member too when the storage is nearly full', async () => {
    openStorage(makeProfileWithRole('TEAM_MEMBER'), { used_bytes: 95 * GB, quota_bytes: 100 * GB });
    expect(await screen.findByText('95 GB of 100 GB used')).toBeInTheDocument();
    expect(screen.getByText('Your firm’s storage is nearly full.')).toBeInTheDocument();
  });

  it('says when it is full', async () => {
    openStorage(makeProfile(), { used_bytes: 100 * GB, quota_bytes: 100 * GB });
    expect(await screen.findByText('Your firm’s storage is full: new documents cannot be uploaded.')).toBeInTheDocument();
  });

  it('is not a client’s tab', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeClientProfile()).install();
    renderPage(<SettingsPage section="client" />, { path: `${routes.settings.client}?tab=storage`, route: routes.settings.client });
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Storage' })).not.toBeInTheDocument();
  });
});
