import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_CHECK_SETTINGS, profileEndpoints, reviewCheckSettingsEndpoints } from '@herd/contract';
import { createFakeApi, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

const render = () => renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=review-checks`, route: routes.settings.accountant });
const form = async () => (await screen.findByText('Read the last')).closest('form')!;
/** A firm with the default settings, whose saves answer with what was sent. */
const savingSettings = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(reviewCheckSettingsEndpoints.settings, {}, DEFAULT_REVIEW_CHECK_SETTINGS)
    .answer(reviewCheckSettingsEndpoints.update, {}, ({ body }) => ({ status: 200, data: { ...DEFAULT_REVIEW_CHECK_SETTINGS, ...(body as object) } }))
    .install();

describe('the firm’s review checks in settings', () => {
  it('turns a check off and sets its numbers, sent as the whole set; the numbers of a check turned off wait', async () => {
    const user = fastUser();
    const fake = savingSettings();
    render();
    const checks = await form();
    expect(within(checks).getByText('A line coded to an account that has sub-accounts, rather than one of them.')).toBeInTheDocument();
    await user.click(within(checks).getByRole('switch', { name: 'Likely duplicate' }));
    expect(within(checks).getByRole('spinbutton', { name: 'Likely duplicate: Within' })).toBeDisabled();
    const ratio = within(checks).getByRole('spinbutton', { name: 'Unusual amount: Unusual from' });
    await user.clear(ratio);
    await user.type(ratio, '2.5');
    await user.type(within(checks).getByPlaceholderText('No firm amount'), '$75');
    await user.click(within(checks).getByRole('button', { name: 'Save review checks' }));
    expect(await screen.findByText('Review checks saved')).toBeInTheDocument();
    expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})[0]?.body).toEqual({
      ...DEFAULT_REVIEW_CHECK_SETTINGS,
      checks: { ...DEFAULT_REVIEW_CHECK_SETTINGS.checks, LIKELY_DUPLICATE: false },
      amount_ratio: 2.5,
      receipt_above: '75.00',
    });
  });

  it('sets when Herd pauses a rule overruled too often, and "never" as no share at all', async () => {
    const user = fastUser();
    const fake = savingSettings();
    render();
    const checks = await form();
    const share = within(checks).getByRole('spinbutton', { name: 'Pause a rule overruled more than' });
    const after = within(checks).getByRole('spinbutton', { name: 'Once it acted at least' });
    expect(share).toHaveValue('50');
    expect(after).toHaveValue('5');
    await user.clear(share);
    await user.type(share, '40');
    await user.clear(after);
    await user.type(after, '8');
    await user.click(within(checks).getByRole('button', { name: 'Save review checks' }));
    expect(await screen.findByText('Review checks saved')).toBeInTheDocument();
    expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})[0]?.body).toEqual({ ...DEFAULT_REVIEW_CHECK_SETTINGS, rule_pause_percent: 40, rule_pause_after: 8 });

    await user.click(within(checks).getByRole('switch', { name: 'Pause rules overruled too often' }));
    expect(share).toBeDisabled();
    expect(after).toBeDisabled();
    await user.click(within(checks).getByRole('button', { name: 'Save review checks' }));
    await waitFor(() => expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})).toHaveLength(2));
    expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})[1]?.body).toEqual({ ...DEFAULT_REVIEW_CHECK_SETTINGS, rule_pause_percent: null, rule_pause_after: 8 });
  });

  it('starts a firm that never pauses from the switch off, and turning it on sends a share again', async () => {
    const user = fastUser();
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(reviewCheckSettingsEndpoints.settings, {}, { ...DEFAULT_REVIEW_CHECK_SETTINGS, rule_pause_percent: null })
      .answer(reviewCheckSettingsEndpoints.update, {}, ({ body }) => ({ status: 200, data: { ...DEFAULT_REVIEW_CHECK_SETTINGS, ...(body as object) } }))
      .install();
    render();
    const checks = await form();
    const pausing = within(checks).getByRole('switch', { name: 'Pause rules overruled too often' });
    expect(pausing).not.toBeChecked();
    expect(within(checks).getByRole('spinbutton', { name: 'Pause a rule overruled more than' })).toBeDisabled();
    await user.click(pausing);
    await user.click(within(checks).getByRole('button', { name: 'Save review checks' }));
    await waitFor(() => expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})).toHaveLength(1));
    expect(fake.callsTo(reviewCheckSettingsEndpoints.update, {})[0]?.body).toMatchObject({ rule_pause_percent: 50, rule_pause_after: 5 });
  });

  it('shows the server’s errors of the pause rule beside its fields', async () => {
    const user = fastUser();
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(reviewCheckSettingsEndpoints.settings, {}, DEFAULT_REVIEW_CHECK_SETTINGS)
      .answer(reviewCheckSettingsEndpoints.update, {}, () => ({
        status: 400,
        data: { rule_pause_percent: ['The pause share must be at least 10.'], rule_pause_after: ['The acts before a pause must be at least 3.'] },
      }))
      .install();
    render();
    const checks = await form();
    await user.click(within(checks).getByRole('button', { name: 'Save review checks' }));
    const item = (label: string) => within(checks).getByRole('spinbutton', { name: label }).closest('.ant-form-item') as HTMLElement;
    expect(await within(item('Pause a rule overruled more than')).findByText('The pause share must be at least 10.')).toBeInTheDocument();
    expect(within(item('Once it acted at least')).getByText('The acts before a pause must be at least 3.')).toBeInTheDocument();
  });

  it('shows the server’s field error beside its field', async () => {
    const user = fastUser();
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(reviewCheckSettingsEndpoints.settings, {}, DEFAULT_REVIEW_CHECK_SETTINGS)
      .answer(reviewCheckSettingsEndpoints.update, {}, () => ({ status: 400, data: { window_days: ['The window must be at most 730.'] } }))
      .install();
    render();
    await user.click(within(await form()).getByRole('button', { name: 'Save review checks' }));
    expect(await screen.findByText('The window must be at most 730.')).toBeInTheDocument();
  });

  it('is read-only for a team member, who is told who changes it', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfileWithRole('TEAM_MEMBER'))
      .answer(reviewCheckSettingsEndpoints.settings, {}, { ...DEFAULT_REVIEW_CHECK_SETTINGS, window_days: 90 })
      .install();
    render();
    const checks = await form();
    expect(screen.getByText('Only a firm admin changes the review checks.')).toBeInTheDocument();
    expect(within(checks).getByRole('spinbutton', { name: 'Read the last' })).toHaveValue('90');
    expect(within(checks).getByRole('switch', { name: 'Looks personal' })).toBeDisabled();
    expect(within(checks).queryByRole('button', { name: 'Save review checks' })).toBeNull();
  });
});
