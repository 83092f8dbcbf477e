import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { showPush, openPushTarget } from './push-events';

declare const self: ServiceWorkerGlobalScope;

/**
 * Herd's service worker (docs/phone-app.md). It keeps what every page is made of and nothing a person
 * owns: the page itself, its scripts, styles and icons. No answer of the API is ever stored, so a
 * sign-out leaves nothing private behind.
 */

// The shell: index.html and what it loads at once, the icons and the manifest (chosen in vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page comes from the server whenever it answers, so a release is seen on the next visit; offline, the
// shell kept above stands in for every address of the app, and its screens load from the cache below.
const INDEX = '/index.html';
registerRoute(
  new NavigationRoute(
    new NetworkFirst({ cacheName: 'herd-pages', networkTimeoutSeconds: 5, plugins: [{ handlerDidError: async () => (await matchPrecache(INDEX)) ?? undefined }] }),
    {
      denylist: [/^\/api\//, /^\/sandbox\//],
    },
  ),
);

// Every other script and style of a release has its hash in its name and never changes: kept as it is
// used, so the screens a person opened open offline too.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'herd-assets', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60 })] }),
);

self.addEventListener('push', (event) => event.waitUntil(showPush(self, event.data)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPushTarget(self, event.notification.data));
});

// A new release's worker takes over at once (its pages come from the network anyway).
void self.skipWaiting();
clientsClaim();
