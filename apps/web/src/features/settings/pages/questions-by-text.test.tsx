import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileEndpoints, pushEndpoints, textAnswerEndpoints, type TextQuestionsSettings } from '@herd/contract';
import { createFakeApi, makeClientProfile, makeProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

const open = (section: 'client' | 'accountant' = 'client') =>
  renderPage(<SettingsPage section={section} />, { path: `${routes.settings[section]}?tab=notifications`, route: routes.settings[section] });
const texts = (settings: Partial<TextQuestionsSettings>): TextQuestionsSettings => ({
  agreed: false,
  stopped: false,
  phone: '+1 415 555 0143',
  phone_textable: true,
  ...settings,
});
const withPush = () =>
  createFakeApi()
    .answer(pushEndpoints.devices, {}, { devices: [] })
    .answer(pushEndpoints.settings, {}, { quiet_hours: null })
    .answer(pushEndpoints.publicKey, {}, { public_key: 'B'.repeat(87) });

describe('questions by text, in the client’s Notifications tab', () => {
  it('turns texts on for the number on the profile, saying where they go', async () => {
    const fake = withPush()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(textAnswerEndpoints.settings, {}, texts({}))
      .answer(textAnswerEndpoints.settingsUpdate, {}, texts({ agreed: true }))
      .install();
    open();
    expect(await screen.findByText(/questions come to \+1 415 555 0143, numbered/)).toBeInTheDocument();
    await fastUser().click(screen.getByRole('switch', { name: 'Text me my questions' }));
    await waitFor(() => expect(fake.callsTo(textAnswerEndpoints.settingsUpdate, {})[0]?.body).toEqual({ agreed: true }));
    expect(await screen.findByText('Your questions will come by text.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Text me my questions' })).toBeChecked();
  });

  it('asks for a number first, and after a STOP says to text START', async () => {
    withPush()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(textAnswerEndpoints.settings, {}, texts({ phone: '', phone_textable: false }))
      .install();
    const first = open();
    expect(await screen.findByText(/Add your mobile number with its country code/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Text me my questions' })).toBeDisabled();
    first.unmount();

    withPush()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(textAnswerEndpoints.settings, {}, texts({ agreed: true, stopped: true }))
      .install();
    open();
    expect(await screen.findByText('Text START to the same number to get your questions by text again.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Text me my questions' })).not.toBeChecked();
  });

  it('is not offered to the firm’s people, who have no questions to answer', async () => {
    const fake = withPush().answer(profileEndpoints.profile, {}, makeProfile()).install();
    open('accountant');
    expect(await screen.findByText('Your devices')).toBeInTheDocument();
    expect(screen.queryByText('Questions by text')).not.toBeInTheDocument();
    expect(fake.callsTo(textAnswerEndpoints.settings, {})).toHaveLength(0);
  });
});
