import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mfaDetails, mfaSetupEndpoints, profileEndpoints, type MfaStatus } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const CODES = Array.from({ length: 10 }, (_, i) => `smsco-de${'abcdefghij'[i]}xy`);
const off: MfaStatus = { mfa_method: null, phone_hint: null, recovery_codes_left: 0, mfa_required: false, sms_available: true };
const sms: MfaStatus = { mfa_method: 'SMS', phone_hint: '•••67', recovery_codes_left: 10, mfa_required: false, sms_available: true };
const totp: MfaStatus = { mfa_method: 'TOTP', phone_hint: null, recovery_codes_left: 8, mfa_required: false, sms_available: true };
const THROTTLED = 'Too many attempts. Try again in 12 minutes.';

const openSecurity = (status: () => MfaStatus) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(mfaSetupEndpoints.status, {}, () => ({ status: 200, data: status() }))
    .install();
  renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=security`, route: routes.settings.accountant });
  return fake;
};

describe('text-message codes on the security tab', () => {
  it('offers no text-message codes where texts reach no phone (a sandbox), only the authenticator app', async () => {
    openSecurity(() => ({ ...off, sms_available: false }));
    expect(await screen.findByRole('button', { name: /Set up an authenticator app/ })).toBeInTheDocument();
    expect(screen.getByText(/codes by text are not available on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use text messages/ })).not.toBeInTheDocument();
  });

  it('lets a person on text messages switch to an app, not change their phone, where texts reach no phone', async () => {
    openSecurity(() => ({ ...sms, sms_available: false }));
    expect(await screen.findByRole('button', { name: /Switch to an authenticator app/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change phone number/ })).not.toBeInTheDocument();
  });

  it('texts a code to the number given, says the limit, resends, and turns on with the code', async () => {
    let status = off;
    let sends = 0;
    const fake = openSecurity(() => status)
      .answer(mfaSetupEndpoints.smsStart, {}, ({ body }) => {
        if ((body as { phone: string }).phone === '555 123 4567') return { status: 400, data: { phone: [mfaDetails.phoneFormat] } };
        sends += 1;
        return sends > 2 ? { status: 429, data: { detail: THROTTLED }, headers: { 'retry-after': '700' } } : { status: 200, data: { detail: mfaDetails.codeSent } };
      })
      .answer(mfaSetupEndpoints.smsConfirm, {}, ({ body }) => {
        if ((body as { code: string }).code !== '135790') return { status: 400, data: { code: [mfaDetails.wrongCode] } };
        status = sms;
        return { status: 200, data: { recovery_codes: CODES } };
      });

    await userEvent.click(await screen.findByRole('button', { name: /Use text messages/ }));
    expect(screen.getByText(/You can be sent 5 texts every 15 minutes\./)).toBeInTheDocument();
    const phone = screen.getByLabelText('Mobile phone number');
    await userEvent.type(phone, '555 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText(mfaDetails.phoneFormat)).toBeInTheDocument();
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 415 555 0167');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(`${mfaDetails.codeSent} It goes to +1 415 555 0167.`);
    await userEvent.click(screen.getByRole('button', { name: /Send a new code/ }));
    await waitFor(() => expect(fake.callsTo(mfaSetupEndpoints.smsStart, {})).toHaveLength(3));
    // The third text is over the server's limit: its words are shown as they are.
    await userEvent.click(screen.getByRole('button', { name: /Send a new code/ }));
    expect(await screen.findByText(THROTTLED)).toBeInTheDocument();

    const code = screen.getByLabelText('Enter the 6-digit code from the text');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(mfaDetails.wrongCode)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '135 790');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const region = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(within(region).getByText(CODES[0]!)).toBeInTheDocument();
    expect(fake.callsTo(mfaSetupEndpoints.smsStart, {}).map((c) => c.body)).toEqual([
      { phone: '555 123 4567' },
      { phone: '+1 415 555 0167' },
      { phone: '+1 415 555 0167' },
      { phone: '+1 415 555 0167' },
    ]);
    await userEvent.click(within(region).getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Two-step verification is on: you sign in with your password and text-message codes \(•••67\)\./)).toBeInTheDocument();
  });

  it('offers switching from an authenticator app to text messages; cancelling keeps the app', async () => {
    openSecurity(() => totp);
    expect(await screen.findByRole('button', { name: /Switch to text messages/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change phone number/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Switch to text messages/ }));
    expect(await screen.findByLabelText('Mobile phone number')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/you sign in with your password and an authenticator app\./)).toBeInTheDocument();
  });
});

describe('turning two-step verification off', () => {
  it('asks for the password and shows a wrong one on its field', async () => {
    let status = totp;
    const fake = openSecurity(() => status).answer(mfaSetupEndpoints.disable, {}, ({ body }) => {
      if ((body as { password: string }).password !== 'right-password-1') return { status: 400, data: { password: [mfaDetails.wrongPassword] } };
      status = off;
      return { status: 200, data: { detail: mfaDetails.turnedOff } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await findDialog('Turn off two-step verification?');
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(mfaDetails.wrongPassword)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'right-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(mfaDetails.turnedOff)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Set up an authenticator app/ })).toBeInTheDocument();
    expect(fake.callsTo(mfaSetupEndpoints.disable, {}).map((c) => c.body)).toEqual([{ password: 'wrong-password' }, { password: 'right-password-1' }]);
  });

  it('is not offered to a member whose admin requires it, who may still switch method', async () => {
    openSecurity(() => ({ ...sms, mfa_required: true }));
    expect(await screen.findByText(/Your firm’s admin requires two-step verification for you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Switch to an authenticator app/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Change phone number/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make new recovery codes' })).toBeInTheDocument();
  });
});
