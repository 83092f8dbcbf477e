import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, emailPreferenceEndpoints, profileEndpoints, type EmailKind } from '@herd/contract';
import { createFakeApi, makeClientProfile, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';
import { UnsubscribePage } from './unsubscribe-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const preferences = (off: EmailKind[] = []) => ({
  preferences: EMAIL_KINDS.map((kind) => ({ kind, ...EMAIL_KIND_LABELS[kind], enabled: !off.includes(kind) })),
});

describe('the Emails settings tab', () => {
  it('shows a switch per kind and saves one as it is flipped', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(emailPreferenceEndpoints.list, {}, preferences())
      .answer(emailPreferenceEndpoints.update, {}, preferences(['NOTES']))
      .install();
    renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=emails`, route: routes.settings.accountant });
    const notes = await screen.findByRole('switch', { name: 'Notes' });
    expect(notes).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Daily digest' })).toBeChecked();
    // Reminders are the client's: an accountant is not offered them.
    expect(screen.queryByRole('switch', { name: 'Reminders' })).not.toBeInTheDocument();
    await userEvent.click(notes);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Notes' })).not.toBeChecked());
    expect(fake.callsTo(emailPreferenceEndpoints.update, {})[0]?.body).toEqual({ kind: 'NOTES', enabled: false });
  });

  it('a client is not offered the accountants’ digest', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeClientProfile()).answer(emailPreferenceEndpoints.list, {}, preferences()).install();
    renderPage(<SettingsPage section="client" />, { path: `${routes.settings.client}?tab=emails`, route: routes.settings.client });
    expect(await screen.findByRole('switch', { name: 'Reminders' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Daily digest' })).not.toBeInTheDocument();
  });
});

describe('the unsubscribe page', () => {
  const open = (search: string) => renderPage(<UnsubscribePage />, { path: `${routes.unsubscribe}${search}`, route: routes.unsubscribe, signedOut: true });

  it('changes nothing until the person confirms, then says what stopped', async () => {
    const fake = createFakeApi().answer(emailPreferenceEndpoints.unsubscribe, {}, { kind: 'REMINDERS', label: 'Reminders', email: 'd•••@example.com' }).install();
    open('?token=12.REMINDERS.abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeInTheDocument();
    expect(screen.getByText(/d•••@example\.com will no longer get reminders emails/)).toBeInTheDocument();
    expect(fake.callsTo(emailPreferenceEndpoints.unsubscribe, {})).toHaveLength(1);
    expect(fake.callsTo(emailPreferenceEndpoints.unsubscribe, {})[0]?.body).toEqual({ token: '12.REMINDERS.abc' });
  });

  it('says so when the link is incomplete or refused', async () => {
    createFakeApi()
      .answer(emailPreferenceEndpoints.unsubscribe, {}, () => ({
        status: 404,
        data: { detail: 'This unsubscribe link is not valid. You can choose which emails you get in your settings.' },
      }))
      .install();
    const first = open('');
    expect(await screen.findByText('The unsubscribe link is incomplete.')).toBeInTheDocument();
    first.unmount();
    open('?token=forged');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
  });
});
