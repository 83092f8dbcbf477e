/** What the server pushes (modules/conversation/push/web-push.port.ts on the server). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const isPushMessage = (value: unknown): value is PushMessage =>
  typeof value === 'object' && value !== null && ['title', 'body', 'url', 'tag'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** Shows a push as a notification; a newer one with the same tag replaces the older on the device. */
export const showPush = async (worker: ServiceWorkerGlobalScope, data: PushMessageData | null) => {
  let message: unknown = null;
  try {
    message = data?.json();
  } catch {
    // Not the server's JSON: shown as a plain nudge below rather than dropped.
  }
  const { title, body, url, tag } = isPushMessage(message) ? message : { title: 'Herd', body: 'Something new is waiting for you.', url: '/dashboard/', tag: 'herd-news' };
  await worker.registration.showNotification(title, { body, tag, data: { url }, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' });
};

/** Opens the screen a notification names, in the app's window when one is open. Only the app's own addresses are followed. */
export const openPushTarget = async (worker: ServiceWorkerGlobalScope, data: unknown) => {
  const path = typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '/dashboard/';
  const target = new URL(path, worker.location.origin);
  if (target.origin !== worker.location.origin) return;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === target.origin);
  if (open) {
    // Both begin at once, while the click still allows focusing a window: a navigation can take longer
    // than that allowance lasts. Neither waits on the other, so a refused focus still opens the screen.
    await Promise.allSettled([open.focus(), open.navigate(target.href)]);
    return;
  }
  await worker.clients.openWindow(target.href);
};
