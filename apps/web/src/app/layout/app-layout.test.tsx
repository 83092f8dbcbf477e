import { screen, waitFor, within } from '@testing-library/react';
import { billingEndpoints, clientCompanyEndpoints, clientSideEndpoints } from '@herd/contract';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeBillingInfo, makeClientProfile, makeOwnCompany, makeProfile, paginated } from '../../../test/fake-api';
import { renderAt } from '../../../test/render-app';
import { sessionKeys } from '../../features/auth/api';

const noClients = paginated([]);

const banner = { pk: 9, message: 'Scheduled maintenance on Sunday at 02:00 UTC.', level: 'warning' as const, dismissible: true };

describe('the signed-in frame', () => {
  it('shows the firm, the menu and the user, and names the page', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(clientCompanyEndpoints.list, {}, noClients).install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByRole('heading', { name: 'Stone & Co Bookkeeping' })).toBeInTheDocument();
    expect(screen.getByTestId('firm-name')).toHaveTextContent('Stone & Co Bookkeeping');
    expect(await screen.findByText('Add your first client')).toBeInTheDocument();
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Clients', 'Receipts inbox', 'Settings']);
    // Every word the button shows is in its name (the avatar's initial is drawn, not written), so a voice command can say it.
    expect(screen.getByRole('button', { name: 'User menu for Avery Stone' })).toHaveTextContent(/^Avery Stone$/);
    await waitFor(() => expect(document.title).toBe('Herd | Dashboard'));
  });

  it("shows a client their accountant's firm and no Clients entry", async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany(), makeOwnCompany({ pk: 8, name: 'Sunrise Catering' })])
      .install();
    renderAt('/dashboard/client/');
    expect(await screen.findByText(/Questions and requests from your accountant at Stone & Co Bookkeeping/)).toBeInTheDocument();
    expect(screen.getByTestId('firm-name')).toHaveTextContent('Stone & Co Bookkeeping');
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Settings']);
  });

  it('scrolls to the top on every navigation', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(clientCompanyEndpoints.list, {}, noClients).install();
    const scrollTo = vi.mocked(window.scrollTo);
    renderAt('/dashboard/accountant/');
    await screen.findByText('Add your first client');
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('menuitem', { name: /Settings/ }));
    await screen.findByRole('button', { name: 'Save profile' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows the read-only banner above the page, and reads billing once while moving between screens', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.list, {}, noClients)
      .answer(billingEndpoints.info, {}, makeBillingInfo({ read_only: true, status: 'TRIAL_EXPIRED' }))
      .install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText('Your firm’s free trial has ended, so Herd is read-only.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: /Settings/ }));
    await screen.findByRole('button', { name: 'Save profile' });
    expect(screen.getByText('Your firm’s free trial has ended, so Herd is read-only.')).toBeInTheDocument();
    expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1);
  });

  it('dismisses a banner: calls the API, then hides it', async () => {
    let release: () => void = () => undefined;
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile({ global_banners: [banner] }))
      .answer(profileEndpoints.dismissBanner, {}, () => new Promise((resolve) => (release = () => resolve({ status: 204 }))))
      .install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText(banner.message)).toBeInTheDocument();
    // The server forgets the banner once dismissed.
    fake.answer(profileEndpoints.profile, {}, makeProfile());
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    await waitFor(() => expect(fake.callsTo(profileEndpoints.dismissBanner, {})).toHaveLength(1));
    expect(fake.callsTo(profileEndpoints.dismissBanner, {})[0]?.body).toEqual({ pk: 9 });
    expect(screen.getByText(banner.message)).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText(banner.message)).not.toBeInTheDocument());
    await waitFor(() => expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(2));
  });

  it('keeps a banner whose dismissal failed', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile({ global_banners: [banner] }))
      .answer(profileEndpoints.dismissBanner, {}, () => ({ status: 500, data: { detail: 'Something went wrong on our side. Please try again.' } }))
      .install();
    renderAt('/dashboard/accountant/');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss notice' }));
    expect(await screen.findByText(/Could not dismiss the notice/)).toBeInTheDocument();
    expect(screen.getByText(banner.message)).toBeInTheDocument();
    expect(fake.callsTo(profileEndpoints.dismissBanner, {})).toHaveLength(1);
  });

  it('a banner that cannot be dismissed has no close button', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile({ global_banners: [{ ...banner, dismissible: false }] }))
      .install();
    renderAt('/dashboard/accountant/');
    expect(await screen.findByText(banner.message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss notice' })).not.toBeInTheDocument();
  });

  it('signs out from the user menu: logout call, cache cleared, sign-in page', async () => {
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(authEndpoints.logout, {}, undefined).install();
    const app = renderAt('/dashboard/accountant/');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu for Avery Stone' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Sign out/ }));
    await waitFor(() => expect(app.pathname()).toBe('/auth/'));
    expect(app.location().search).toBe('');
    expect(fake.callsTo(authEndpoints.logout, {})).toHaveLength(1);
    expect(app.client.getQueryData(sessionKeys.profile())).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('a 401 from any call ends the session', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(profileEndpoints.update, {}, () => ({ status: 401, data: { detail: 'You are not signed in.' } }))
      .install();
    const app = renderAt('/settings/accountant/');
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(app.pathname()).toBe('/auth/'));
    expect(new URLSearchParams(app.location().search).get('next')).toBe('/settings/accountant/');
  });

  describe('on a phone', () => {
    const realMatchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = realMatchMedia;
    });
    const phoneSized = () => {
      window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767') })) as typeof window.matchMedia;
    };

    it('has no side rail: the menu opens in a drawer and closes once a page is chosen', async () => {
      phoneSized();
      createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(clientCompanyEndpoints.list, {}, noClients).install();
      const app = renderAt('/dashboard/accountant/');
      expect(await screen.findByText('Add your first client')).toBeInTheDocument();
      expect(screen.queryByLabelText('Side bar')).not.toBeInTheDocument();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      const opener = screen.getByRole('button', { name: 'Open menu' });
      await userEvent.click(opener);
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Dashboard', 'Clients', 'Receipts inbox', 'Settings']);
      expect(screen.getByTestId('firm-name')).toHaveTextContent('Stone & Co Bookkeeping');
      await userEvent.click(within(menu).getByRole('menuitem', { name: /Settings/ }));
      await waitFor(() => expect(app.pathname()).toBe('/settings/accountant/'));
      await waitFor(() => expect(opener).toHaveAttribute('aria-expanded', 'false'));
    });

    it('keeps the side bar on a wide screen', async () => {
      createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(clientCompanyEndpoints.list, {}, noClients).install();
      renderAt('/dashboard/accountant/');
      expect(await screen.findByText('Add your first client')).toBeInTheDocument();
      expect(screen.getByLabelText('Side bar')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    });
  });
});
