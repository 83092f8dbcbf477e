import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appEndpoints, authEndpoints, details, messages, profileEndpoints, quickbooksEndpoints } from '@herd/contract';
import { createFakeApi, makeClientConfig } from '../../../../test/fake-api';
import { stubLocationAssign } from '../../../../test/fake-qbo';
import { renderAt } from '../../../../test/render-app';

const signedOut = () => createFakeApi().answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }));

const fieldItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

const fill = async (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
};

describe('free trial', () => {
  it('offers no sign-up with Intuit where QuickBooks Online is not set up', async () => {
    signedOut()
      .answer(appEndpoints.clientConfig, {}, makeClientConfig({ quickbooks_signup: false }))
      .install();
    renderAt('/auth/free-trial/');
    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign up with Intuit' })).not.toBeInTheDocument());
    // Xero still is: its way in stays, above the email form.
    expect(await screen.findByRole('link', { name: 'Sign up with Xero' })).toHaveAttribute('href', '/auth/xero/');
    expect(screen.getByText('or with your email')).toBeInTheDocument();
  });

  it('names every missing field, in the contract words', async () => {
    const fake = signedOut().install();
    renderAt('/auth/free-trial/');
    await userEvent.click(await screen.findByRole('button', { name: 'Start free trial' }));
    for (const label of ['First name', 'Last name', 'Company name', 'Email', 'Password']) {
      expect(await within(fieldItem(label)).findByText(messages.required(label))).toBeInTheDocument();
    }
    expect(fake.callsTo(authEndpoints.signup, {})).toHaveLength(0);
    expect(document.title).toBe('Herd | Start a free trial');
  });

  it('wants a valid email and a password of at least 10 characters', async () => {
    signedOut().install();
    renderAt('/auth/free-trial/');
    await screen.findByRole('button', { name: 'Start free trial' });
    expect(screen.getByText('At least 10 characters.')).toBeInTheDocument();
    await fill({ Email: 'nope', Password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await within(fieldItem('Email')).findByText(messages.notValid('Email'))).toBeInTheDocument();
    expect(await within(fieldItem('Password')).findByText(messages.tooShort('Password', 10))).toBeInTheDocument();
  });

  it('shows server field errors on their fields', async () => {
    signedOut()
      .answer(authEndpoints.signup, {}, () => ({ status: 400, data: { email: [details.emailTaken] } }))
      .install();
    renderAt('/auth/free-trial/');
    await screen.findByRole('button', { name: 'Start free trial' });
    await fill({
      'First name': 'Robin',
      'Last name': 'Lee',
      'Company name': 'Lee Ledgers',
      Email: 'taken@example.com',
      Password: 'a-good-password',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await within(fieldItem('Email')).findByText(details.emailTaken)).toBeInTheDocument();
  });

  it('creates nothing yet: it asks the person to open the link it emailed, in the server’s words', async () => {
    const fake = signedOut().answer(authEndpoints.signup, {}, { detail: details.signupLinkSent }).install();
    const app = renderAt('/auth/free-trial/');
    await screen.findByRole('button', { name: 'Start free trial' });
    await fill({
      'First name': 'Robin',
      'Last name': 'Lee',
      'Company name': 'Lee Ledgers',
      Email: 'Robin@Example.com',
      Password: 'a-good-password',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByText(details.signupLinkSent)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('Robin@Example.com')).toBeInTheDocument();
    expect(app.pathname()).toBe('/auth/free-trial/');
    expect(fake.callsTo(authEndpoints.signup, {})[0]?.body).toEqual({
      first_name: 'Robin',
      last_name: 'Lee',
      company_name: 'Lee Ledgers',
      email: 'Robin@Example.com',
      password: 'a-good-password',
      // The browser's zone becomes the new firm's (its recurring requests follow it).
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Not signed in: the profile was asked once, at load, and nothing was cached as signed in.
    expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(1);
    // A typo in the address: back to the form, the values kept.
    await userEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('Robin@Example.com');
  });
});

describe('signing up with Xero', () => {
  it('links to the Xero page, labelled when the server uses the built-in sandbox', async () => {
    signedOut()
      .answer(appEndpoints.clientConfig, {}, makeClientConfig({ xero: 'sandbox' }))
      .install();
    renderAt('/auth/free-trial/');
    expect(await screen.findByRole('link', { name: 'Sign up with Xero (sandbox)' })).toHaveAttribute('href', '/auth/xero/');
  });

  it('offers no Xero where the server has none', async () => {
    signedOut()
      .answer(appEndpoints.clientConfig, {}, makeClientConfig({ xero: 'off', quickbooks_signup: false }))
      .install();
    renderAt('/auth/free-trial/');
    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign up with Intuit' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Xero/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or with your email')).not.toBeInTheDocument();
  });
});

describe('one sign-up per submission', () => {
  it('sends one request for a double click, named by an Idempotency-Key', async () => {
    let answer: (data: { detail: string }) => void = () => undefined;
    const fake = signedOut()
      .answer(authEndpoints.signup, {}, () => new Promise((resolve) => (answer = (data) => resolve({ status: 200, data }))))
      .install();
    renderAt('/auth/free-trial/');
    await screen.findByRole('button', { name: 'Start free trial' });
    await fill({ 'First name': 'Robin', 'Last name': 'Lee', 'Company name': 'Lee Ledgers', Email: 'robin@example.com', Password: 'a-good-password' });
    await userEvent.dblClick(screen.getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(fake.callsTo(authEndpoints.signup, {})).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Start free trial/ })).toHaveClass('ant-btn-loading');
    await userEvent.click(screen.getByRole('button', { name: /Start free trial/ }));
    answer({ detail: details.signupLinkSent });
    expect(await screen.findByText(details.signupLinkSent)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.signup, {})).toHaveLength(1);
    expect(fake.callsTo(authEndpoints.signup, {})[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('signing up with Intuit', () => {
  it('asks the server where Intuit is and sends the browser there', async () => {
    const location = stubLocationAssign();
    try {
      const fake = signedOut().answer(quickbooksEndpoints.signup, {}, { url: 'https://sandbox.example/signup?state=s' }).install();
      renderAt('/auth/free-trial/');
      await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Intuit' }));
      await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://sandbox.example/signup?state=s'));
      expect(fake.callsTo(quickbooksEndpoints.signup, {})).toHaveLength(1);
      expect(fake.callsTo(authEndpoints.signup, {})).toHaveLength(0);
    } finally {
      location.restore();
    }
  });

  it('shows why it failed when the server sends the browser back to /free-trial/', async () => {
    signedOut().install();
    const app = renderAt(`/free-trial/?qbo_error=${encodeURIComponent('A Herd account already uses this email.')}`);
    expect(await screen.findByText('A Herd account already uses this email.')).toBeInTheDocument();
    expect(screen.getByText('Signing up with Intuit did not work')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(app.pathname()).toBe('/auth/free-trial/');
  });
});
