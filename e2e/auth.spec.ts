import { expect, test } from '@playwright/test';
import { DEMO, signIn, signupCodeFromOutbox } from './helpers';

test('a new firm signs up, signs out and signs back in', async ({ page }) => {
  // Two password hashes and a background job (the emailed link): on a loaded two-core machine this
  // took close to the default minute.
  test.setTimeout(120_000);
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'e2e-password-123';

  await page.goto('/auth/free-trial/');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Company name').fill('Lee Ledgers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Start free trial' }).click();

  // Nothing exists yet: the firm is created by the link emailed to the address.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(`/auth/?signup=${encodeURIComponent(await signupCodeFromOutbox(page.request, email))}`);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  await expect(page.getByRole('heading', { name: 'Lee Ledgers' })).toBeVisible();
  await expect(page).toHaveTitle(/^Herd \| /);

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  await expect(page.getByRole('heading', { name: 'Lee Ledgers' })).toBeVisible();
});

test('the dashboard sends a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/auth\/(\?next=.*)?$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the demo client signs in to the client dashboard', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  // The demo client has one company: the dashboard opens it straight away.
  await expect(page).toHaveURL(/\/dashboard\/client\/company-client\/\?company=\d+$/);
  await expect(page.getByRole('heading', { name: DEMO.clientCompanyName })).toBeVisible();
  await expect(page.getByText(`Questions and requests from your accountant at ${DEMO.firmName}.`)).toBeVisible();
});

test('the demo accountant signs in and sees the firm', async ({ page }) => {
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  await expect(page.getByTestId('firm-name')).toHaveText(DEMO.firmName);
});

test('wrong credentials show the server message', async ({ page }) => {
  await signIn(page, DEMO.accountantEmail, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Unable to sign in with the email and password provided.');
  await expect(page).toHaveURL(/\/auth\/$/);
});

test('the served app carries no source maps', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/auth/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(await (await request.get(script)).text()).not.toContain('sourceMappingURL');
    expect(await (await request.get(`${script}.map`)).text()).not.toContain('"sources"');
  }
});
