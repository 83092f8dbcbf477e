import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileEndpoints, pushEndpoints, textAnswerEndpoints } from '@herd/contract';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { fastUser } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
  localStorage.clear();
});

const phone = { pk: 4, label: 'iPhone', time_zone: 'America/Chicago', created_at: '2026-12-01T10:00:00Z', last_sent_at: null };
const open = () => renderPage(<SettingsPage section="client" />, { path: `${routes.settings.client}?tab=notifications`, route: routes.settings.client });

describe('the Notifications settings tab', () => {
  it('lists the person’s devices and turns one off', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(pushEndpoints.devices, {}, { devices: [phone] })
      .answer(pushEndpoints.settings, {}, { quiet_hours: null })
      .answer(pushEndpoints.publicKey, {}, { public_key: 'B'.repeat(87) })
      .answer(textAnswerEndpoints.settings, {}, { agreed: false, stopped: false, phone: '', phone_textable: false })
      .answer(pushEndpoints.remove, { pk: 4 }, undefined)
      .install();
    open();
    const list = await screen.findByRole('list', { name: 'Devices that get notifications' });
    expect(within(list).getByText('iPhone')).toBeInTheDocument();
    // This browser (jsdom) shows no notifications: the person is told so rather than offered a switch that cannot work.
    expect(screen.getByText('This browser cannot show notifications from Herd.')).toBeInTheDocument();
    fake.answer(pushEndpoints.devices, {}, { devices: [] });
    await userEvent.click(within(list).getByRole('button', { name: 'Turn off notifications for iPhone' }));
    expect(await screen.findByText('No device gets notifications yet.')).toBeInTheDocument();
    expect(fake.callsTo(pushEndpoints.remove, { pk: 4 })).toHaveLength(1);
  });

  it('turns quiet hours on with the evening to the morning, and saves other hours', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(pushEndpoints.devices, {}, { devices: [] })
      .answer(pushEndpoints.settings, {}, { quiet_hours: null })
      .answer(pushEndpoints.publicKey, {}, { public_key: 'B'.repeat(87) })
      .answer(textAnswerEndpoints.settings, {}, { agreed: false, stopped: false, phone: '', phone_textable: false })
      .answer(pushEndpoints.settingsUpdate, {}, { quiet_hours: { start: '21:00', end: '08:00' } })
      .install();
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Quiet hours' }));
    await waitFor(() => expect(fake.callsTo(pushEndpoints.settingsUpdate, {})[0]?.body).toEqual({ quiet_hours: { start: '21:00', end: '08:00' } }));
    const from = await screen.findByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '22:30');
    fake.answer(pushEndpoints.settingsUpdate, {}, { quiet_hours: { start: '22:30', end: '08:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(fake.callsTo(pushEndpoints.settingsUpdate, {}).at(-1)?.body).toEqual({ quiet_hours: { start: '22:30', end: '08:00' } }));
  });
});
