import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authEndpoints, details, mfaDetails, mfaSignInEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const challenged = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }))
    .answer(authEndpoints.login, {}, { mfa_required: true, mfa_method: 'TOTP' });

const passPassword = async () => {
  await userEvent.type(await screen.findByLabelText('Email'), 'avery@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'right-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByText('Two-step verification');
};

describe('the second step of signing in', () => {
  it('sends the app’s code and goes on once it is right', async () => {
    const fake = challenged()
      .answer(mfaSignInEndpoints.totpVerify, {}, ({ body }) =>
        (body as { code: string }).code === '123456' ? { status: 200, data: makeProfile() } : { status: 400, data: { code: [mfaDetails.wrongCode] } },
      )
      .install();
    const app = renderAt('/auth/?next=%2Fsettings%2F');
    await passPassword();
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(mfaDetails.wrongCode)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).toMatch(/^\/settings\//));
    expect(fake.callsTo(mfaSignInEndpoints.totpVerify, {}).map((c) => c.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('checks the code’s form before sending it', async () => {
    const fake = challenged().install();
    renderAt('/auth/');
    await passPassword();
    await userEvent.type(screen.getByLabelText('Code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code must be 6 digits.')).toBeInTheDocument();
    expect(fake.callsTo(mfaSignInEndpoints.totpVerify, {})).toHaveLength(0);
  });

  it('takes a recovery code instead', async () => {
    const fake = challenged().answer(mfaSignInEndpoints.recoveryVerify, {}, makeProfile()).install();
    const app = renderAt('/auth/');
    await passPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(await screen.findByLabelText('Recovery code'), 'ABCDE-FGHIJ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).not.toBe('/auth/'));
    expect(fake.callsTo(mfaSignInEndpoints.recoveryVerify, {})[0]?.body).toEqual({ code: 'abcdefghij' });
  });

  it('goes back to the password form', async () => {
    challenged().install();
    renderAt('/auth/');
    await passPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('texts the code as the step opens, sends it again on request, and checks it', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }))
      .answer(authEndpoints.login, {}, { mfa_required: true, mfa_method: 'SMS' })
      .answer(mfaSignInEndpoints.smsSend, {}, { detail: mfaDetails.codeSent })
      .answer(mfaSignInEndpoints.smsVerify, {}, makeProfile())
      .install();
    const app = renderAt('/auth/');
    await passPassword();
    expect(await screen.findByText(mfaDetails.codeSent)).toBeInTheDocument();
    expect(screen.getByText(/sent to your phone by text message/)).toBeInTheDocument();
    // A real Twilio account: no sandbox to point to.
    expect(screen.queryByText(/no real texts are sent/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(fake.callsTo(mfaSignInEndpoints.smsSend, {})).toHaveLength(2));
    await userEvent.type(screen.getByLabelText('Code'), '424242');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).not.toBe('/auth/'));
    expect(fake.callsTo(mfaSignInEndpoints.smsVerify, {})[0]?.body).toEqual({ code: '424242' });
  });
});
