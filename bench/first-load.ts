/**
 * The first-load part of `npm run bench`: what a browser with an empty cache
 * downloads to show a screen, as transferred (after compression), measured in
 * Chromium against the built app on a fresh embedded database with the demo
 * firm. Signed-in screens are loaded in a new browser context that holds only
 * the session cookie, so nothing is cached from signing in.
 */
import { chromium, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { DEMO } from '../apps/server/src/seed/demo.js';
import { BENCH_CHROMIUM, startBuiltApp } from './app-server.js';

const PORT = Number(process.env.BENCH_FIRST_LOAD_PORT || 3190);
const base = `http://localhost:${PORT}`;
/** The most JavaScript and CSS the signed-out sign-in page may transfer. */
export const SIGN_IN_BUDGET_BYTES = 140 * 1024;
/**
 * A first visit, before Herd's service worker is installed: once it takes the page over, the page's
 * requests go through it and are no longer all seen here. What the worker keeps for later (the shell)
 * downloads after the page is shown, and is not the first load.
 */
const FIRST_VISIT = { serviceWorkers: 'block' } as const;

export interface FirstLoad {
  screen: string;
  path: string;
  scriptAndStyleBytes: number;
  scriptAndStyleFiles: number;
  allBytes: number;
  seconds: number;
}

/** Loads one address in a fresh page of `context` and adds up what came over the wire. */
const measure = async (context: BrowserContext, screen: string, address: string, ready: string): Promise<FirstLoad> => {
  const page = await context.newPage();
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  const record = (request: Request) =>
    sizes.push(request.sizes().then((size) => ({ type: request.resourceType(), bytes: size.responseBodySize + size.responseHeadersSize })));
  page.on('requestfinished', record);
  const started = performance.now();
  await page.goto(`${base}${address}`);
  await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const seconds = (performance.now() - started) / 1000;
  page.off('requestfinished', record);
  const all = await Promise.all(sizes);
  const code = all.filter((r) => r.type === 'script' || r.type === 'stylesheet');
  await page.close();
  return {
    screen,
    path: address,
    scriptAndStyleBytes: code.reduce((sum, r) => sum + r.bytes, 0),
    scriptAndStyleFiles: code.length,
    allBytes: all.reduce((sum, r) => sum + r.bytes, 0),
    seconds,
  };
};

/**
 * A client's first screen as they meet it: the sign-in page already shown, what the browser fetches
 * from pressing "Sign in" until their company's transactions are shown and the page is idle.
 */
const measureSignInToFirstScreen = async (browser: Browser): Promise<FirstLoad> => {
  const context = await browser.newContext(FIRST_VISIT);
  const page = await context.newPage();
  await page.goto(`${base}/auth/`);
  await page.getByLabel('Email').fill(DEMO.clientEmail);
  await page.getByLabel('Password').fill(DEMO.password);
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((size) => ({ type: request.resourceType(), bytes: size.responseBodySize + size.responseHeadersSize }))),
  );
  const started = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(DEMO.clientCompanyName, { exact: false }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const seconds = (performance.now() - started) / 1000;
  const all = await Promise.all(sizes);
  const code = all.filter((r) => r.type === 'script' || r.type === 'stylesheet');
  await context.close();
  return {
    screen: 'Client: from "Sign in" to their first screen',
    path: '/auth/ → /dashboard/',
    scriptAndStyleBytes: code.reduce((sum, r) => sum + r.bytes, 0),
    scriptAndStyleFiles: code.length,
    allBytes: all.reduce((sum, r) => sum + r.bytes, 0),
    seconds,
  };
};

/** Whether the signed-out sign-in page kept to its budget. */
export const signInWithinBudget = (results: FirstLoad[]) => (results.find((r) => r.path === '/auth/')?.scriptAndStyleBytes ?? Infinity) <= SIGN_IN_BUDGET_BYTES;

/** A new context holding only the session of `email`, signed in through the sign-in page. */
const signedInContext = async (browser: Browser, email: string) => {
  const signing = await browser.newContext(FIRST_VISIT);
  const page = await signing.newPage();
  await page.goto(`${base}/auth/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  const state = await signing.storageState();
  await signing.close();
  return browser.newContext({ ...FIRST_VISIT, storageState: state });
};

export const runFirstLoadBench = async (): Promise<FirstLoad[]> => {
  const server = await startBuiltApp(PORT);
  const browser = await chromium.launch(BENCH_CHROMIUM);
  try {
    const results: FirstLoad[] = [];
    const signedOut = await browser.newContext(FIRST_VISIT);
    results.push(await measure(signedOut, 'Sign-in page, signed out', '/auth/', 'Sign in'));
    await signedOut.close();
    for (const [screen, email, ready] of [
      ['Accountant dashboard', DEMO.accountantEmail, DEMO.firmName],
      ['Client dashboard', DEMO.clientEmail, DEMO.clientCompanyName],
    ] as const) {
      const context = await signedInContext(browser, email);
      results.push(await measure(context, screen, '/dashboard/', ready));
      await context.close();
    }
    results.push(await measureSignInToFirstScreen(browser));
    return results;
  } finally {
    await browser.close();
    server.kill();
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export const renderFirstLoadReport = (results: FirstLoad[]): string =>
  [
    '<!-- first-load:start -->',
    '## First load (Chromium, empty cache, as transferred)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} against the production build served by Herd (brotli where the browser accepts it) on this machine over loopback, so the times are the app's own work, not a network's. Budget for the signed-out sign-in page: ${kb(SIGN_IN_BUDGET_BYTES)} of JavaScript and CSS.`,
    '',
    '| screen | path | JS + CSS transferred | JS + CSS files | everything transferred | until shown and idle |',
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.screen} | \`${r.path}\` | ${kb(r.scriptAndStyleBytes)} | ${r.scriptAndStyleFiles} | ${kb(r.allBytes)} | ${r.seconds.toFixed(1)} s |`),
    '',
    signInWithinBudget(results) ? 'The sign-in page is within its budget.' : `The sign-in page is OVER its budget of ${kb(SIGN_IN_BUDGET_BYTES)}.`,
    '<!-- first-load:end -->',
    '',
  ].join('\n');
