import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { clientSideEndpoints, receiptEndpoints, type Receipt } from '@herd/contract';
import { renderReceipt, TEST_RECEIPTS } from '../apps/server/test/receipt-images';
import { apiCall, DEMO, signIn } from './helpers';

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

test('the client’s phone keeps Herd’s shell offline, shows a push as one notification, and a tap on it opens its screen', async ({ context, page }) => {
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
  const company = (await apiCall(page, clientSideEndpoints.ownCompanies)).find((c) => c.name === DEMO.clientCompanyName)!;
  // A screen other than the one open: the client's completed receipts.
  const screen = `/dashboard/client/company-client/receipts/completed/${company.pk}/`;
  const message = { title: DEMO.firmName, body: `30 transactions to explain from ${DEMO.firmName}`, url: screen, tag: 'herd-news' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
  const shown = () =>
    page.evaluate(async () =>
      (await navigator.serviceWorker.ready)
        .getNotifications()
        .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string }).url }))),
    );
  await expect.poll(shown, PAGE_LOAD).toEqual([{ title: message.title, body: message.body, tag: 'herd-news', url: screen }]);

  // Tapped, it opens its screen in the app's window. DevTools cannot click a system notification, so the
  // click event is dispatched to the worker's own listener with the notification it showed.
  // (Written as text: it runs in the worker, whose types this project's pages do not carry.)
  const herdWorker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  await herdWorker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  })()`);
  await expect(page.getByRole('heading', { name: 'Completed receipts', exact: true })).toBeVisible(PAGE_LOAD);
  expect(new URL(page.url()).pathname).toBe(screen);
  await expect.poll(shown, PAGE_LOAD).toEqual([]);
});

test('three photos of one long receipt go as one receipt of three pages, read from its merchant on the first to its total on the last', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/client\//);
  const company = (await apiCall(page, clientSideEndpoints.ownCompanies)).find((c) => c.name === DEMO.clientCompanyName)!;
  await page.goto(`/dashboard/client/company-client/?company=${company.pk}`);
  const upload = page.getByRole('region', { name: 'Upload receipts' });
  await expect(upload).toBeVisible(PAGE_LOAD);

  // The roll photographed in three parts, top to bottom, each part a photo of its own lines.
  const spec = TEST_RECEIPTS.grocery;
  const third = Math.ceil(spec.lines.length / 3);
  const photos = [0, 1, 2].map((i) => ({
    name: `part-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: renderReceipt({ ...spec, lines: spec.lines.slice(i * third, (i + 1) * third) }, { name: `part ${i + 1}`, format: 'jpeg' }),
  }));
  await upload.getByRole('checkbox', { name: 'The photos are one long receipt' }).check();
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose files' }).tap();
  await (await chooser).setFiles(photos);
  await expect(upload.getByTestId('upload-item').filter({ hasText: 'long-receipt-3-pages.pdf' })).toContainText('Uploaded', PAGE_LOAD);
  await expect(upload.getByTestId('upload-item')).toHaveCount(1);

  // Read on the server, its three pages as one: the merchant from the first photo, the total from the last.
  const ours = async () =>
    (await apiCall(page, receiptEndpoints.clientActive, { params: { pk: company.pk }, query: { page_size: 100 } })).results.find(
      (r: Receipt) => r.file.name === 'long-receipt-3-pages.pdf',
    );
  await expect.poll(async () => (await ours())?.read_state, { timeout: 90_000 }).toBe('READ');
  const receipt = (await ours())!;
  expect([receipt.vendor.value, receipt.total.value, receipt.date.value]).toEqual([spec.expected.vendor, spec.expected.total, spec.expected.date]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('long-receipt-phone.png'), fullPage: true });
});
