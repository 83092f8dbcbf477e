import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authEndpoints, details, messages, profileEndpoints, SESSION_HINT_COOKIE } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const signedOut = () => createFakeApi().answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }));

const signInButton = () => screen.findByRole('button', { name: 'Sign in' });

describe('sign in', () => {
  it('asks the server nothing about a session where the browser holds none, so no 401 is logged', async () => {
    const fake = createFakeApi().install();
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    renderAt('/auth/');
    await signInButton();
    expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(0);
  });

  it('drops the hint of a session that has ended, at the first 401', async () => {
    signedOut().install();
    renderAt('/auth/');
    await signInButton();
    expect(document.cookie).not.toContain(SESSION_HINT_COOKIE);
  });

  it('names the page', async () => {
    signedOut().install();
    renderAt('/auth/');
    await signInButton();
    await waitFor(() => expect(document.title).toBe('Herd | Sign in'));
  });

  it('says which fields are missing, in the contract words', async () => {
    const fake = signedOut().install();
    renderAt('/auth/');
    await userEvent.click(await signInButton());
    expect(await screen.findByText(messages.required('Email'))).toBeInTheDocument();
    expect(screen.getByText(messages.required('Password'))).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.login, {})).toHaveLength(0);
  });

  it('refuses an email that is not one', async () => {
    signedOut().install();
    renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-password');
    await userEvent.click(await signInButton());
    expect(await screen.findByText(messages.notValid('Email'))).toBeInTheDocument();
  });

  it("shows the server's detail when the credentials are wrong", async () => {
    const fake = signedOut()
      .answer(authEndpoints.login, {}, () => ({ status: 400, data: { detail: details.badCredentials } }))
      .install();
    renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(await signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(details.badCredentials);
    expect(fake.callsTo(authEndpoints.login, {})[0]?.body).toEqual({ email: 'avery@example.com', password: 'wrong-password' });
  });

  it('puts server field errors on their fields', async () => {
    signedOut()
      .answer(authEndpoints.login, {}, () => ({ status: 400, data: { email: ['Email is not valid.'] } }))
      .install();
    renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-password');
    await userEvent.click(await signInButton());
    const emailItem = screen.getByLabelText('Email').closest('.herd-field') as HTMLElement;
    expect(await within(emailItem).findByText('Email is not valid.')).toBeInTheDocument();
  });

  it('shows the throttling message', async () => {
    signedOut()
      .answer(authEndpoints.login, {}, () => ({ status: 429, data: { detail: details.throttled(120) }, headers: { 'retry-after': '120' } }))
      .install();
    renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-password');
    await userEvent.click(await signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
  });

  it('signs in and goes to the dashboard', async () => {
    signedOut().answer(authEndpoints.login, {}, makeProfile()).install();
    const app = renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(await signInButton());
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(await screen.findByText('Stone & Co Bookkeeping', { selector: 'h2' })).toBeInTheDocument();
  });

  it('returns to ?next= after signing in', async () => {
    signedOut().answer(authEndpoints.login, {}, makeProfile()).install();
    const app = renderAt('/auth/?next=%2Fsettings%2F');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(await signInButton());
    await waitFor(() => expect(app.pathname()).toBe('/settings/accountant/'));
  });

  it('asks for the second factor when the account has one', async () => {
    signedOut().answer(authEndpoints.login, {}, { mfa_required: true, mfa_method: 'TOTP' }).install();
    const app = renderAt('/auth/');
    await signInButton();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(await signInButton());
    expect(await screen.findByText('Two-step verification')).toBeInTheDocument();
    expect(screen.getByText(/authenticator app/)).toBeInTheDocument();
    expect(app.pathname()).toBe('/auth/');
  });
});

describe('emailed links', () => {
  it('sends a sign-in link and shows what the server said', async () => {
    const fake = signedOut().answer(authEndpoints.sendMagicLink, {}, { detail: details.magicLinkSent }).install();
    renderAt('/auth/');
    await userEvent.click(await screen.findByRole('tab', { name: 'Email me a sign-in link' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'casey@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(details.magicLinkSent)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.sendMagicLink, {})[0]?.body).toEqual({ email: 'casey@example.com' });
  });

  it('asks for a password reset link', async () => {
    const fake = signedOut().answer(authEndpoints.resetPassword, {}, { detail: details.resetSent }).install();
    renderAt('/auth/');
    await userEvent.click(await screen.findByRole('tab', { name: 'Forgot password' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.required('Email'))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(details.resetSent)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.resetPassword, {})).toHaveLength(1);
  });

  it('?magic= signs in and goes on', async () => {
    const fake = signedOut().answer(authEndpoints.withMagicLink, {}, makeProfile()).install();
    const app = renderAt('/auth/?magic=code-123&next=%2Fsettings%2F');
    await waitFor(() => expect(app.pathname()).toBe('/settings/accountant/'));
    expect(fake.callsTo(authEndpoints.withMagicLink, {})).toHaveLength(1);
    expect(fake.callsTo(authEndpoints.withMagicLink, {})[0]?.body).toEqual({ code: 'code-123' });
  });

  it('an expired ?magic= link offers a new one', async () => {
    const fake = signedOut()
      .answer(authEndpoints.withMagicLink, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }))
      .answer(authEndpoints.sendNewMagicLink, {}, { detail: details.newMagicLinkSent })
      .install();
    renderAt('/auth/?magic=old-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByText(details.newMagicLinkSent)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.sendNewMagicLink, {})[0]?.body).toEqual({ code: 'old-code' });
  });

  it('?reset= sets a new password, then shows sign-in with a confirmation', async () => {
    const fake = signedOut().answer(authEndpoints.finishResetPassword, { code: 'reset-code' }, { detail: details.passwordChanged }).install();
    const app = renderAt('/auth/?reset=reset-code');
    const button = await screen.findByRole('button', { name: 'Set password' });
    await waitFor(() => expect(document.title).toBe('Herd | Choose a new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(button);
    expect(await screen.findByText(messages.tooShort('New password', 10))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await userEvent.click(button);
    expect(await screen.findByText(/Your password has been changed\./)).toBeInTheDocument();
    expect(await signInButton()).toBeInTheDocument();
    expect(app.location().search).toBe('');
    expect(fake.callsTo(authEndpoints.finishResetPassword, { code: 'reset-code' })[0]?.body).toEqual({ password: 'a-long-new-password' });
  });
});

describe('a sign-in link opened in a browser that is already signed in', () => {
  const signedIn = (profile = makeProfile()) => createFakeApi().answer(profileEndpoints.profile, {}, profile);

  it('asks the server, which knows the link as this user’s own, and goes straight to the dashboard', async () => {
    const me = makeProfile();
    const fake = signedIn(me).answer(authEndpoints.withMagicLink, {}, me).install();
    const app = renderAt('/auth/?magic=used-code');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(fake.callsTo(authEndpoints.withMagicLink, {})[0]?.body).toEqual({ code: 'used-code' });
    expect(screen.queryByText(details.codeUsedOrExpired)).not.toBeInTheDocument();
  });

  it('offers a new link at once when the used link is someone else’s', async () => {
    const fake = signedIn()
      .answer(authEndpoints.withMagicLink, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }))
      .answer(authEndpoints.sendNewMagicLink, {}, { detail: details.newMagicLinkSent })
      .install();
    renderAt('/auth/?magic=their-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect(await screen.findByText(details.newMagicLinkSent)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.sendNewMagicLink, {})[0]?.body).toEqual({ code: 'their-code' });
  });
});
