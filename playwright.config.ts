import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));
const port = Number(process.env.E2E_PORT || 3100);
// A fresh embedded database per run, seeded with the demo firm.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'herd-e2e-'));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://localhost:${port}/api/healthcheck/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Lets tests read invitation and sign-in emails, as a person would from their inbox.
      HERD_E2E_OUTBOX: '1',
    },
  },
});
