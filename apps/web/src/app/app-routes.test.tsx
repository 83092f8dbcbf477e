import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appEndpoints, clientCompanyEndpoints, communicationEndpoints, LOADING_TEXT, profileEndpoints, xeroEndpoints } from '@herd/contract';
import { createFakeApi, fakeSession, makeClientCompany, makeClientConfig, makeClientProfile, makeProfile, paginated } from '../../test/fake-api';
import { renderAt } from '../../test/render-app';

const expectPath = (app: ReturnType<typeof renderAt>, pathname: string) => waitFor(() => expect(app.pathname()).toBe(pathname));

describe('while the session is verified', () => {
  it('shows the loading screen', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, () => new Promise(() => undefined))
      .install();
    renderAt('/dashboard/');
    expect(await screen.findByText(LOADING_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_TEXT);
  });

  it('asks for the profile once, without retrying a failure', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, () => ({ status: 500, data: { detail: 'Something went wrong on our side. Please try again.' } }))
      .install();
    const app = renderAt('/dashboard/');
    await expectPath(app, '/auth/');
    expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(1);
  });
});

describe('signed out', () => {
  it.each(['/dashboard/', '/dashboard/accountant/', '/analytics/', '/settings/', '/settings/accountant/'])(
    '%s goes to sign in, remembering the way back',
    async (path) => {
      fakeSession(null);
      const app = renderAt(path);
      await expectPath(app, '/auth/');
      expect(new URLSearchParams(app.location().search).get('next')).toBe(path);
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    },
  );

  it('/ goes to the auth page', async () => {
    fakeSession(null);
    const app = renderAt('/');
    await expectPath(app, '/auth/');
    expect(app.location().search).toBe('');
  });

  it.each([
    ['/version', 'Herd web app'],
    ['/403', 'You do not have access to this page'],
    ['/down', 'Herd is temporarily unavailable'],
  ])('%s opens without sign-in', async (path, heading) => {
    fakeSession(null);
    const app = renderAt(path);
    expect(await screen.findByText(heading)).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  it('/auth/xero/ offers signing in and signing up with Xero', async () => {
    fakeSession(null).answer(appEndpoints.clientConfig, {}, makeClientConfig());
    renderAt('/auth/xero/');
    expect(await screen.findByRole('button', { name: 'Sign in with Xero' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Xero' })).toBeInTheDocument();
  });

  it('an unknown address is the not-found page with a link home', async () => {
    fakeSession(null);
    renderAt('/no/such/page/');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});

describe('signed in', () => {
  it.each(['/auth/', '/auth/free-trial/', '/auth/xero/'])('%s goes to the dashboard', async (path) => {
    fakeSession(makeProfile());
    const app = renderAt(path);
    await expectPath(app, '/dashboard/accountant/');
  });

  it('/auth/?next= goes back to where the user was headed', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/auth/?next=%2Fsettings%2Faccountant%2F');
    await expectPath(app, '/settings/accountant/');
  });

  it('/auth/?next= never leaves the site', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/auth/?next=https%3A%2F%2Fevil.example%2F');
    await expectPath(app, '/dashboard/accountant/');
  });

  it('/ goes to the dashboard', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/');
    await expectPath(app, '/dashboard/accountant/');
  });

  it.each([
    ['ACCOUNTANT', '/dashboard/accountant/'],
    ['ACCOUNTANT_COWORKER', '/dashboard/accountant/'],
    ['CLIENT', '/dashboard/client/'],
    ['CLIENT_COWORKER', '/dashboard/client/'],
  ] as const)('/dashboard/ sends %s to %s', async (type, target) => {
    const base = type.startsWith('CLIENT') ? makeClientProfile() : makeProfile();
    fakeSession({ ...base, account_type: type });
    const app = renderAt('/dashboard/');
    await expectPath(app, target);
  });

  it.each([
    ['ACCOUNTANT', '/settings/accountant/'],
    ['ACCOUNTANT_COWORKER', '/settings/accountant-coworker/'],
    ['CLIENT', '/settings/client/'],
    ['CLIENT_COWORKER', '/settings/client-coworker/'],
  ] as const)('/settings/ sends %s to %s', async (type, target) => {
    const base = type.startsWith('CLIENT') ? makeClientProfile() : makeProfile();
    fakeSession({ ...base, account_type: type });
    const app = renderAt('/settings/');
    await expectPath(app, target);
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeInTheDocument();
  });

  it('/settings/?tab= keeps the tab on the way to the user’s own section', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/settings/?tab=team');
    await expectPath(app, '/settings/accountant/');
    expect(app.location().search).toBe('?tab=team');
    expect(await screen.findByRole('tab', { name: 'Team', selected: true })).toBeInTheDocument();
  });

  it('a client on an accountant screen goes to /403', async () => {
    fakeSession(makeClientProfile());
    const app = renderAt('/dashboard/accountant/categorized/5/');
    await expectPath(app, '/403');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
  });

  it('Xero’s choice of organisations is an accountant’s screen: it opens for them, a client goes to /403', async () => {
    fakeSession(makeProfile()).answer(xeroEndpoints.pendingGrant, {}, () => ({ status: 404, data: { detail: 'This Xero connection has expired. Connect Xero again.' } }));
    const app = renderAt('/dashboard/accountant/xero/select-client/?grant=g-1');
    expect(await screen.findByText('This Xero connection has expired. Connect Xero again.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard/accountant/xero/select-client/');
    app.unmount();
    fakeSession(makeClientProfile());
    const client = renderAt('/dashboard/accountant/xero/select-client/?grant=g-1');
    await expectPath(client, '/403');
  });

  it('an accountant on a client screen goes to /403', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/dashboard/client/company-client/');
    await expectPath(app, '/403');
  });

  it("a client on the accountant's settings goes to /403", async () => {
    fakeSession(makeClientProfile());
    const app = renderAt('/settings/accountant/client/3/');
    await expectPath(app, '/403');
  });

  it('/analytics/ opens with FEATURE_TRANSACTION_ANALYTICS', async () => {
    fakeSession(makeProfile({ feature_flags: ['FEATURE_TRANSACTION_ANALYTICS'] }));
    renderAt('/analytics/');
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Analytics/ })).toBeInTheDocument();
  });

  it('/analytics/ is not found without the flag', async () => {
    fakeSession(makeProfile({ feature_flags: [] }));
    const app = renderAt('/analytics/');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(app.pathname()).toBe('/analytics/');
    expect(screen.queryByRole('menuitem', { name: /Analytics/ })).not.toBeInTheDocument();
  });

  it('/analytics/ is the firm’s: a client of a firm with the flag is not offered it and goes to /403', async () => {
    fakeSession(makeClientProfile({ feature_flags: ['FEATURE_TRANSACTION_ANALYTICS'] }));
    const app = renderAt('/analytics/');
    await expectPath(app, '/403');
    expect(screen.queryByRole('menuitem', { name: /Analytics/ })).not.toBeInTheDocument();
  });

  it('every dashboard sub-screen has a header and an honest empty state', async () => {
    fakeSession(makeProfile())
      .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, makeClientCompany({ pk: 7 }))
      .answer(communicationEndpoints.accountantCompleted, { pk: 7 }, paginated([]));
    renderAt('/dashboard/accountant/requests/completed/7/');
    expect(await screen.findByRole('heading', { name: 'Completed requests' })).toBeInTheDocument();
    expect(await screen.findByText('No requests here.')).toBeInTheDocument();
  });

  it('a malformed client key is not a page', async () => {
    fakeSession(makeProfile());
    renderAt('/dashboard/accountant/hidden/abc/');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('/version, /403 and /down open for signed-in users too', async () => {
    fakeSession(makeProfile());
    const app = renderAt('/version');
    expect(await screen.findByText('Herd web app')).toBeInTheDocument();
    expect(app.pathname()).toBe('/version');
  });
});
