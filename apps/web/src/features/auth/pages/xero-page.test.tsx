import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appEndpoints, details, mfaDetails, mfaSignInEndpoints, profileEndpoints, xeroEndpoints, type ClientConfig } from '@herd/contract';
import { createFakeApi, makeClientConfig, makeProfile } from '../../../../test/fake-api';
import { stubLocationAssign } from '../../../../test/fake-qbo';
import { renderAt } from '../../../../test/render-app';
import { XERO_SANDBOX_NOTE } from '../../xero/xero-words';

const XERO_LOGIN = 'https://login.xero.example/identity/connect/authorize?state=s';

/** Signed out, on a server that reaches Xero as `xero` says. */
const signedOut = (xero: ClientConfig['xero'] = 'live') =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }))
    .answer(appEndpoints.clientConfig, {}, makeClientConfig({ xero }));

let location = stubLocationAssign();
beforeEach(() => {
  location = stubLocationAssign();
});
afterEach(() => location.restore());

describe('signing in with Xero', () => {
  it('asks the server where Xero’s login is and sends the browser there', async () => {
    const fake = signedOut().answer(xeroEndpoints.signin, {}, { url: XERO_LOGIN }).install();
    renderAt('/auth/xero/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Xero' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(XERO_LOGIN));
    expect(fake.callsTo(xeroEndpoints.signin, {})).toHaveLength(1);
    expect(fake.callsTo(xeroEndpoints.signup, {})).toHaveLength(0);
    // Xero itself: nothing is said about a sandbox.
    expect(screen.queryByText(XERO_SANDBOX_NOTE)).not.toBeInTheDocument();
    expect(document.title).toBe('Herd | Sign in with Xero');
  });

  it('signs a new firm up through Xero', async () => {
    const fake = signedOut()
      .answer(xeroEndpoints.signup, {}, { url: `${XERO_LOGIN}&signup=1` })
      .install();
    renderAt('/auth/xero/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Xero' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(`${XERO_LOGIN}&signup=1`));
    expect(fake.callsTo(xeroEndpoints.signup, {})).toHaveLength(1);
    expect(fake.callsTo(xeroEndpoints.signin, {})).toHaveLength(0);
  });

  it('says why when the server will not start, and stays', async () => {
    signedOut()
      .answer(xeroEndpoints.signin, {}, () => ({ status: 503, data: { detail: 'Xero cannot be reached right now.' } }))
      .install();
    renderAt('/auth/xero/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Xero' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Xero cannot be reached right now.');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('labels both buttons and says what the built-in sandbox is when the server uses it', async () => {
    signedOut('sandbox').install();
    renderAt('/auth/xero/');
    expect(await screen.findByRole('button', { name: 'Sign in with Xero (sandbox)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Xero (sandbox)' })).toBeInTheDocument();
    expect(screen.getByText(XERO_SANDBOX_NOTE)).toBeInTheDocument();
  });

  it('says Xero is not set up on a server without it, offers no button and links back to sign in', async () => {
    const fake = signedOut('off').install();
    renderAt('/auth/xero/');
    expect(await screen.findByRole('heading', { name: 'Xero is not set up here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/');
    expect(screen.queryByRole('button', { name: /Xero/ })).not.toBeInTheDocument();
    expect(fake.callsTo(xeroEndpoints.signin, {})).toHaveLength(0);
  });

  it('shows why the server sent the browser back, once: the address is cleaned', async () => {
    signedOut().install();
    const app = renderAt(`/auth/xero/?xero_error=${encodeURIComponent('No Herd account uses this Xero login.')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No Herd account uses this Xero login.');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(screen.getByRole('alert')).toHaveTextContent('No Herd account uses this Xero login.');
    expect(screen.getByRole('button', { name: 'Sign in with Xero' })).toBeInTheDocument();
  });
});

describe('the second step after Xero', () => {
  it('?mfa=totp asks for the app’s code, the same step as the password’s, and goes on to the dashboard', async () => {
    const fake = signedOut()
      .answer(mfaSignInEndpoints.totpVerify, {}, ({ body }) =>
        (body as { code: string }).code === '123456' ? { status: 200, data: makeProfile() } : { status: 400, data: { code: [mfaDetails.wrongCode] } },
      )
      .install();
    const app = renderAt('/auth/xero/?mfa=totp');
    expect(await screen.findByText('Two-step verification')).toBeInTheDocument();
    expect(screen.getByText(/authenticator app/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(mfaDetails.wrongCode)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(fake.callsTo(mfaSignInEndpoints.totpVerify, {}).map((c) => c.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('?mfa=sms texts the code as the step opens and checks it', async () => {
    const fake = signedOut().answer(mfaSignInEndpoints.smsSend, {}, { detail: mfaDetails.codeSent }).answer(mfaSignInEndpoints.smsVerify, {}, makeProfile()).install();
    const app = renderAt('/auth/xero/?mfa=sms');
    expect(await screen.findByText(mfaDetails.codeSent)).toBeInTheDocument();
    expect(fake.callsTo(mfaSignInEndpoints.smsSend, {})).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Code'), '424242');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(fake.callsTo(mfaSignInEndpoints.smsVerify, {})[0]?.body).toEqual({ code: '424242' });
  });

  it('goes back to the Xero buttons', async () => {
    signedOut().install();
    const app = renderAt('/auth/xero/?mfa=totp');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in with Xero' })).toBeInTheDocument();
    expect(app.location().search).toBe('');
  });
});

describe('the ways to Xero from the other signed-out pages', () => {
  it('sign-in links to it, labelled for the sandbox', async () => {
    signedOut('sandbox').install();
    renderAt('/auth/');
    expect(await screen.findByRole('link', { name: 'Sign in with Xero (sandbox)' })).toHaveAttribute('href', '/auth/xero/');
  });

  it('sign-in offers no Xero on a server without it', async () => {
    signedOut('off').install();
    const app = renderAt('/auth/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // The settings were read (the link waits for them) and said no.
    await waitFor(() => expect(app.client.getQueryData(['client-config'])).toBeDefined());
    expect(screen.queryByRole('link', { name: /Xero/ })).not.toBeInTheDocument();
  });
});
