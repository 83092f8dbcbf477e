import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appEndpoints, authEndpoints, details, profileEndpoints, unavailable, type ClientConfig } from '@herd/contract';
import { createFakeApi, makeClientConfig } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

/** A signed-out visitor of an installation whose emails reach nobody (production without an SMTP server). */
const noEmail = (config: Partial<ClientConfig> = {}) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }))
    .answer(appEndpoints.clientConfig, {}, makeClientConfig({ email_delivery: false, ...config }))
    .install();

describe('where no email leaves this installation', () => {
  it('the free trial offers no email sign-up and says why, rather than "check your email"', async () => {
    const fake = noEmail({ quickbooks_signup: false, xero: 'off' });
    renderAt('/auth/free-trial/');
    expect(await screen.findByText(unavailable.signupByEmail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
    expect(screen.queryByText('or with your email')).not.toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.signup, {})).toHaveLength(0);
  });

  it('the free trial still offers the ledgers’ own sign-ups, which need no email', async () => {
    noEmail({ quickbooks_signup: true, xero: 'live' });
    renderAt('/auth/free-trial/');
    expect(await screen.findByText(unavailable.signupByEmail)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Intuit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up with Xero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
  });

  it('the sign-in page’s emailed links say no link can be emailed, and send nothing', async () => {
    const fake = noEmail();
    renderAt('/auth/');
    await userEvent.click(await screen.findByRole('tab', { name: 'Forgot password' }));
    expect(await screen.findByText(unavailable.emailedLinks)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send link' })).not.toBeInTheDocument());
    expect(fake.callsTo(authEndpoints.resetPassword, {})).toHaveLength(0);
    expect(fake.callsTo(authEndpoints.sendMagicLink, {})).toHaveLength(0);
    // Signing in with a password still works as ever.
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('an expired sign-in link offers no new one by email', async () => {
    noEmail().answer(authEndpoints.withMagicLink, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }));
    renderAt('/auth/?magic=old-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    expect(await screen.findByText(unavailable.emailedLinks)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me a new link' })).not.toBeInTheDocument();
  });

  it('a used sign-up link offers no new sign-up by email', async () => {
    noEmail().answer(authEndpoints.confirmSignup, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }));
    renderAt('/auth/?signup=old-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    expect(await screen.findByText(unavailable.signupByEmail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the sign-up again' })).not.toBeInTheDocument();
  });
});

describe('where emails reach people', () => {
  it('the free trial offers the email sign-up as before', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }))
      .answer(appEndpoints.clientConfig, {}, makeClientConfig())
      .install();
    renderAt('/auth/free-trial/');
    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.queryByText(unavailable.signupByEmail)).not.toBeInTheDocument();
  });
});
