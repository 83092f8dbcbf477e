import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, emailPreferenceEndpoints, profileEndpoints, type EmailKind } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const preferences = (off: EmailKind[] = []) => ({
  preferences: EMAIL_KINDS.map((kind) => ({ kind, ...EMAIL_KIND_LABELS[kind], enabled: !off.includes(kind) })),
});
const digest = { enabled: true, hour: 8, time_zone: null, firm_time_zone: 'America/Chicago', by_text: false, text_phone: null, texts_available: true };

const open = (off: EmailKind[] = []) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(emailPreferenceEndpoints.list, {}, preferences(off))
    .answer(emailPreferenceEndpoints.digest, {}, { ...digest, enabled: !off.includes('DIGEST') });

const render = () => renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=emails`, route: routes.settings.accountant });
const form = async () => (await screen.findByRole('button', { name: 'Save digest time' })).closest('form')!;

describe('the daily digest’s time', () => {
  it('shows 08:00 in the firm’s zone and saves another hour and zone', async () => {
    const fake = open()
      .answer(emailPreferenceEndpoints.digestUpdate, {}, { ...digest, hour: 17, time_zone: 'Europe/Paris' })
      .install();
    render();
    const digestForm = await form();
    expect(within(digestForm).getByText('08:00')).toBeInTheDocument();
    expect(within(digestForm).getByText('The firm’s time zone (America/Chicago)')).toBeInTheDocument();

    await userEvent.type(within(digestForm).getByRole('combobox', { name: 'Digest hour' }), '17');
    await userEvent.click(await screen.findByTitle('17:00'));
    await userEvent.type(within(digestForm).getByRole('combobox', { name: 'Digest time zone' }), 'Europe/Par');
    await userEvent.click(await screen.findByTitle('Europe/Paris'));
    await userEvent.click(within(digestForm).getByRole('button', { name: 'Save digest time' }));
    expect(await screen.findByText('Digest time saved')).toBeInTheDocument();
    expect(fake.callsTo(emailPreferenceEndpoints.digestUpdate, {})[0]?.body).toEqual({ hour: 17, time_zone: 'Europe/Paris', by_text: false });
  });

  it('sends it by text too when asked, to the phone the profile holds', async () => {
    const fake = open()
      .answer(emailPreferenceEndpoints.digest, {}, { ...digest, text_phone: '+14155550142' })
      .answer(emailPreferenceEndpoints.digestUpdate, {}, { ...digest, text_phone: '+14155550142', by_text: true })
      .install();
    render();
    const digestForm = await form();
    expect(within(digestForm).getByText('The counts and a link, to +14155550142.')).toBeInTheDocument();
    await userEvent.click(within(digestForm).getByRole('checkbox', { name: 'Also send it to me by text' }));
    await userEvent.click(within(digestForm).getByRole('button', { name: 'Save digest time' }));
    expect(await screen.findByText('Digest time saved')).toBeInTheDocument();
    expect(fake.callsTo(emailPreferenceEndpoints.digestUpdate, {})[0]?.body).toEqual({ hour: 8, time_zone: null, by_text: true });
  });

  it('offers no text without a phone in the profile, and says why', async () => {
    open().install();
    render();
    const digestForm = await form();
    expect(within(digestForm).getByRole('checkbox', { name: 'Also send it to me by text' })).toBeDisabled();
    expect(within(digestForm).getByText('Add your mobile number, with its country code (+1…), in your profile to get it by text.')).toBeInTheDocument();
  });

  it('shows the server’s field error beside its field', async () => {
    open()
      .answer(emailPreferenceEndpoints.digestUpdate, {}, () => ({ status: 400, data: { time_zone: ['Time zone is not valid.'] } }))
      .install();
    render();
    await userEvent.click(within(await form()).getByRole('button', { name: 'Save digest time' }));
    expect(await screen.findByText('Time zone is not valid.')).toBeInTheDocument();
  });

  it('is hidden while the digest is off, and offered again when it is switched on', async () => {
    const fake = open(['DIGEST']).answer(emailPreferenceEndpoints.update, {}, preferences()).install();
    render();
    const toggle = await screen.findByRole('switch', { name: 'Daily digest' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save digest time' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'Save digest time' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(emailPreferenceEndpoints.update, {})[0]?.body).toEqual({ kind: 'DIGEST', enabled: true }));
  });
});
