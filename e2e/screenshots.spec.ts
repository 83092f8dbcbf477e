import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// Review aid, not a check: HERD_SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
const dir = process.env.HERD_SCREENSHOTS_DIR || '/tmp/herd-shots';
test.skip(!process.env.HERD_SCREENSHOTS, 'set HERD_SCREENSHOTS=1 to take review screenshots');
test.use({ viewport: { width: 1366, height: 800 } });

const shot = async (page: Page, name: string) => {
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

test('signed-out pages', async ({ page }) => {
  await page.goto('/auth/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'auth');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await shot(page, 'auth-errors');
  await page.getByRole('tab', { name: 'Email me a sign-in link' }).click();
  await shot(page, 'auth-magic-link');
  await page.goto('/auth/free-trial/');
  await expect(page.getByRole('button', { name: 'Start free trial' })).toBeVisible();
  await shot(page, 'free-trial');
  await page.goto('/auth/?reset=some-code');
  await shot(page, 'auth-reset');
  await page.goto('/auth/?magic=not-a-real-code');
  await expect(page.getByRole('button', { name: 'Email me a new link' })).toBeVisible();
  await shot(page, 'auth-magic-expired');
  await page.goto('/auth/xero/');
  await shot(page, 'xero');
  await page.goto('/no/such/page/');
  await expect(page.getByText('Page not found')).toBeVisible();
  await shot(page, 'not-found');
  await page.goto('/version');
  await shot(page, 'version');
  await page.goto('/down');
  await shot(page, 'down');
});

test('accountant pages', async ({ page }) => {
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  await shot(page, 'accountant-dashboard');
  await page.goto('/settings/');
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible();
  await shot(page, 'settings');
  await page.goto('/dashboard/accountant/categorized/1/');
  await shot(page, 'categorized');
  await page.getByRole('button', { name: /User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/user-menu.png` });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/accountant/');
  await shot(page, 'accountant-dashboard-mobile');
});

test('client pages', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/client\/$/);
  await shot(page, 'client-dashboard');
});
