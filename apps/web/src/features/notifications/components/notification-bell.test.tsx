import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationEndpoints as e, type Notification } from '@herd/contract';
import { createFakeApi, makeClientProfile, makeProfile, paginated } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { AppFeedback } from '../../../app/feedback';
import { NotificationBell } from './notification-bell';

const makeNotification = (overrides: Partial<Notification> = {}): Notification => ({
  pk: 1,
  kind: 'TRANSACTIONS_ANSWERED',
  title: 'Acme answered 2 transactions',
  text: '',
  target: { type: 'CLIENT_COMPANY', pk: 7 },
  client_company: 7,
  read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

const note = makeNotification({
  pk: 2,
  kind: 'NOTE',
  title: 'Cleo wrote on a transaction of Acme',
  text: 'Was this the lunch?',
  target: { type: 'TRANSACTION', pk: 55 },
});
const answered = makeNotification({ pk: 1, read: true });

const renderBell = (side: 'accountant' | 'client' = 'accountant') =>
  renderPage(
    <AppFeedback>
      <NotificationBell side={side} />
    </AppFeedback>,
    { path: '/dashboard/', profile: side === 'accountant' ? makeProfile() : makeClientProfile() },
  );

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  // Back to following the browser's own focus, for the tests that come after.
  focusManager.setFocused(undefined);
});

describe('the notification bell', () => {
  it('shows the unread count; opening one marks it read and goes to its screen', async () => {
    const fake = createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 1 })
      .answer(e.list, {}, paginated([note, answered]))
      .answer(e.markRead, {}, { unread_count: 0 })
      .install();
    const view = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Unread: Cleo wrote on a transaction of Acme', 'Acme answered 2 transactions']);
    expect(within(list).getByText('Was this the lunch?')).toBeInTheDocument();
    expect(within(list).getAllByText('5 minutes ago')).toHaveLength(2);

    await userEvent.click(within(list).getByRole('button', { name: /Cleo wrote/ }));
    await waitFor(() => expect(fake.callsTo(e.markRead, {}).map((r) => r.body)).toEqual([{ pk: 2 }]));
    expect(view.pathname()).toBe('/dashboard/accountant/active/7/');
    expect(view.searchParams().get('transaction')).toBe('55');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows the follow-up kinds with their own sign; an overdue request opens the client’s open requests', async () => {
    const overdue = makeNotification({
      pk: 3,
      kind: 'REQUEST_OVERDUE',
      title: 'Acme: “May bank statement” is overdue',
      text: 'Due Jun 10, 2026; not answered yet.',
      target: { type: 'COMMUNICATION', pk: 12 },
    });
    const quiet = makeNotification({ pk: 4, kind: 'CLIENT_UNRESPONSIVE', title: 'Acme has not answered 3 reminders', read: true });
    createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 1 })
      .answer(e.list, {}, paginated([overdue, quiet]))
      .answer(e.markRead, {}, { unread_count: 0 })
      .install();
    const view = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect([...list.querySelectorAll('[data-kind]')].map((icon) => icon.getAttribute('data-kind'))).toEqual(['REQUEST_OVERDUE', 'CLIENT_UNRESPONSIVE']);
    expect(within(list).getByText('Due Jun 10, 2026; not answered yet.')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /is overdue/ }));
    expect(view.pathname()).toBe('/dashboard/accountant/requests/7/');
  });

  it('opening one already read asks nothing of the server', async () => {
    const fake = createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 0 })
      .answer(e.list, {}, paginated([answered]))
      .install();
    const view = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Acme answered 2 transactions' }));
    expect(view.pathname()).toBe('/dashboard/accountant/categorized/7/');
    expect(fake.callsTo(e.markRead, {})).toEqual([]);
  });

  it('"Mark all read" marks every one and the count follows the answer', async () => {
    let marked = false;
    const fake = createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 1 })
      .answer(e.list, {}, () => ({ status: 200, data: paginated([{ ...note, read: marked }, answered]) }))
      .answer(e.markRead, {}, () => {
        marked = true;
        return { status: 200, data: { unread_count: 0 } };
      })
      .install();
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(fake.callsTo(e.markRead, {}).map((r) => r.body)).toEqual([{ all: true }]);
    expect(await screen.findByRole('button', { name: 'Cleo wrote on a transaction of Acme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('"Clear all" empties the list', async () => {
    let cleared = false;
    const fake = createFakeApi()
      .answer(e.unreadCount, {}, () => ({ status: 200, data: { unread_count: cleared ? 0 : 1 } }))
      .answer(e.list, {}, () => ({ status: 200, data: paginated(cleared ? [] : [note]) }))
      .answer(e.hideAll, {}, () => {
        cleared = true;
        return { status: 204 };
      })
      .install();
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('You’re all caught up.')).toBeInTheDocument();
    expect(fake.callsTo(e.hideAll, {})).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('takes a client to the right company, with the transaction open, from a full-width drawer on a phone', async () => {
    window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') });
    createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 1 })
      .answer(e.list, {}, paginated([note]))
      .answer(e.markRead, {}, { unread_count: 0 })
      .install();
    const view = renderBell('client');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Notifications')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: /Cleo wrote/ }));
    expect(view.pathname()).toBe('/dashboard/client/company-client/');
    expect(view.searchParams().get('company')).toBe('7');
    expect(view.searchParams().get('transaction')).toBe('55');
  });

  it('updates the count without a reload when the window regains focus, and says how many arrived', async () => {
    let unread = 1;
    createFakeApi()
      .answer(e.unreadCount, {}, () => ({ status: 200, data: { unread_count: unread } }))
      .install();
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    unread = 3;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(await screen.findByText('2 new notifications')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    createFakeApi()
      .answer(e.unreadCount, {}, { unread_count: 0 })
      .answer(e.list, {}, () => ({ status: 500, data: { detail: 'Boom' } }))
      .install();
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Could not load notifications')).toBeInTheDocument();
  });
});
