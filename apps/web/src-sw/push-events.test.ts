import { describe, expect, it, vi } from 'vitest';
import { openPushTarget, showPush } from './push-events';

const ORIGIN = 'https://herd.example';

/** The parts of a service worker's scope these handlers use (hence the casts below). */
const fakeWorker = (windows: { url: string }[] = []) => {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(() => Promise.resolve()), navigate: vi.fn(() => Promise.resolve()) }));
  const worker = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification: vi.fn(async (title: string, options: NotificationOptions) => void shown.push({ title, options })) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
  };
  return { worker: worker as unknown as ServiceWorkerGlobalScope, shown, clients, openWindow: worker.clients.openWindow };
};
const data = (value: unknown) => ({ json: () => value }) as unknown as PushMessageData;

describe('a push on the device', () => {
  it('shows the server’s message, carrying the screen it opens', async () => {
    const { worker, shown } = fakeWorker();
    await showPush(worker, data({ title: 'Demo Bookkeeping', body: '30 transactions to explain from Demo Bookkeeping', url: '/dashboard/client/', tag: 'herd-news' }));
    expect(shown).toEqual([
      {
        title: 'Demo Bookkeeping',
        options: expect.objectContaining({ body: '30 transactions to explain from Demo Bookkeeping', tag: 'herd-news', data: { url: '/dashboard/client/' } }),
      },
    ]);
  });

  it('still nudges when the push is not the server’s message', async () => {
    const { worker, shown } = fakeWorker();
    await showPush(worker, data({ nonsense: true }));
    expect(shown[0]).toMatchObject({ title: 'Herd', options: { data: { url: '/dashboard/' } } });
  });

  it('opens the named screen in the app’s open window, or a new one, and never another site', async () => {
    const open = fakeWorker([{ url: `${ORIGIN}/settings/client/` }]);
    await openPushTarget(open.worker, { url: '/dashboard/client/company-client/?company=4' });
    expect(open.clients[0]!.focus).toHaveBeenCalled();
    expect(open.clients[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard/client/company-client/?company=4`);

    // A window the browser refuses to bring forward still goes to the screen.
    const refused = fakeWorker([{ url: `${ORIGIN}/dashboard/` }]);
    refused.clients[0]!.focus.mockRejectedValue(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    await openPushTarget(refused.worker, { url: '/dashboard/client/' });
    expect(refused.clients[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard/client/`);

    const none = fakeWorker();
    await openPushTarget(none.worker, { url: '/dashboard/accountant/requests/completed/7/' });
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/accountant/requests/completed/7/`);

    const foreign = fakeWorker();
    await openPushTarget(foreign.worker, { url: 'https://evil.example/phish' });
    expect(foreign.openWindow).not.toHaveBeenCalled();
  });
});
