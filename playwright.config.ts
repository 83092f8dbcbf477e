import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The browser the walks drive: CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium. The headless
 * shell is the same engine without the full browser around it (what Playwright itself runs headless), and the
 * same walks took 30% less CPU in it than in the full browser's headless mode (110 against 160 core-seconds on
 * the editor and requests walks, one machine).
 */
const chromium = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string =>
  Boolean(p && existsSync(p)),
);
const firstPort = Number(process.env.E2E_PORT || 3100);
/**
 * Walks run two at a time, each worker against a server of its own on a fresh embedded database seeded
 * with the demo firm: a walk spends most of its time waiting on what the page shows, so one walk at a
 * time left a core idle. A walk never sees another worker's data; the walks of one file run in order
 * in one worker, as before.
 */
const WORKERS = Number(process.env.E2E_WORKERS || 2);
// Playwright loads this file again in each worker with the worker's slot: that worker's server.
const slot = Number(process.env.TEST_PARALLEL_INDEX || 0);
const inWorker = process.env.TEST_WORKER_INDEX !== undefined;

const server = (index: number) => {
  const port = firstPort + index;
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://localhost:${port}/api/healthcheck/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      // A fresh embedded database per run and server, seeded with the demo firm. Made by the runner only:
      // a worker loads this file too, and starts no server.
      DATA_DIR: inWorker ? '' : mkdtempSync(path.join(tmpdir(), 'herd-e2e-')),
      DEMO_DATA: 'on',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Lets tests read invitation and sign-in emails, as a person would from their inbox.
      HERD_E2E_OUTBOX: '1',
    },
  };
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${firstPort + slot}`,
    // Recording a trace of every walk cost a third of the walks' CPU (150 against 93 core-seconds on the
    // editor and requests walks, one machine): a walk that fails is traced on its retry, which CI makes.
    // Locally, `npx playwright test --trace on` records them.
    trace: 'on-first-retry',
    // The walks' browser asks for less motion, as a person may in their system settings: antd then opens
    // drawers and menus without slides and fades (app/antd-theme.tsx), so a walk spends no CPU drawing
    // them (7% less CPU on the editor and requests walks, measured on one machine).
    reducedMotion: 'reduce',
    // Herd's service worker would install in every new browser context of every walk and keep its shell: the
    // walks of the installed app (e2e/phone-app.spec.ts) allow it, the others run as a first visit always did.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => server(index)),
});
