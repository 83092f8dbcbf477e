import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * Chromium's headless shell, which the other walks run in, shows no notifications (it refuses their
 * permission); the full browser in its headless mode does. CHROMIUM_PATH still wins when set.
 */
const fullChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));

// Herd's service worker is on in this walk only: the other walks block it (playwright.config.ts).
test.use({
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  launchOptions: {
    executablePath: fullChromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
});

const PAGE_LOAD = { timeout: 60_000 };

test('the client’s phone keeps Herd’s shell offline and shows a push as one notification carrying the screen it opens', async ({ context, page }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['notifications']);
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(page.getByText(DEMO.clientCompanyName).first()).toBeVisible(PAGE_LOAD);

  // The page names its manifest, which the browser installs Herd with.
  const manifest = await page.evaluate(async () =>
    (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href, { credentials: 'include' })).json(),
  );
  expect(manifest).toMatchObject({ name: 'Herd', display: 'standalone', start_url: '/dashboard/' });

  // The worker installs and takes the page over.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
  });
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope).pathname).toBe('/');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), PAGE_LOAD).toBe(true);

  // Offline, the app still opens from the home screen: the shell comes from the worker, and the person, still
  // signed in, is told they are offline rather than sent to sign in; their work shows once they are back.
  await page.reload();
  await expect(page.getByText(DEMO.clientCompanyName).first()).toBeVisible(PAGE_LOAD);
  await context.setOffline(true);
  await page.goto('/dashboard/client/');
  await expect(page.getByRole('alert').getByText('You are offline')).toBeVisible(PAGE_LOAD);
  await expect(page).toHaveURL(/\/dashboard\/client\/$/);
  // Back online, it tries again by itself.
  await context.setOffline(false);
  await expect(page.getByText(DEMO.clientCompanyName).first()).toBeVisible(PAGE_LOAD);

  // A push the server sent arrives at the worker (delivered through DevTools, as a push service would).
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  const origin = new URL(page.url()).origin;
  const message = { title: DEMO.firmName, body: `30 transactions to explain from ${DEMO.firmName}`, url: '/dashboard/client/', tag: 'herd-news' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await navigator.serviceWorker.ready)
            .getNotifications()
            .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string }).url }))),
        ),
      PAGE_LOAD,
    )
    .toEqual([{ title: message.title, body: message.body, tag: 'herd-news', url: '/dashboard/client/' }]);
});
