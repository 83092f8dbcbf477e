import { expect, test } from '@playwright/test';
import { testingEndpoints } from '@herd/contract';
import { apiCall, signupCodeFromOutbox, uniqueEmail, uniqueName } from './helpers';

/**
 * A new firm (not the demo one, which the other specs keep using) whose trial
 * ends is read-only; its admin pays through the built-in sandbox's Checkout and
 * the firm works again.
 */
test('a firm whose trial ended pays through the sandbox Checkout and works again', async ({ page }) => {
  // Sign-up (two password hashes, an emailed link), then Checkout and its webhooks: slow on a loaded two-core machine.
  test.setTimeout(150_000);
  const email = uniqueEmail('e2e-billing');
  const firmName = uniqueName('Lapsed Ledgers');

  await page.goto('/auth/free-trial/');
  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Hale');
  await page.getByLabel('Company name').fill(firmName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(`/auth/?signup=${encodeURIComponent(await signupCodeFromOutbox(page.request, email))}`);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);

  // The trial ends (test-only route): on the next visit the firm is read-only and the banner says why.
  await apiCall(page, testingEndpoints.endTrial);
  await page.goto('/settings/accountant/?tab=branding');
  const banner = page.getByRole('alert').filter({ hasText: 'free trial has ended' });
  await expect(banner).toContainText('Your firm’s free trial has ended, so Herd is read-only.');
  // Every change waits while read-only: the branding form is disabled and says why (the server would refuse it too).
  await expect(page.getByLabel('Firm name')).toBeDisabled();
  const save = page.getByRole('button', { name: 'Save branding' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('title', 'Read-only: the subscription needs attention');

  await banner.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(/\/settings\/accountant\/billing\/$/);
  await expect(page.getByText('Trial expired')).toBeVisible();
  await expect(page.getByText('Sandbox — no real charges')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // The sandbox's Checkout page, served by Herd itself.
  await expect(page).toHaveURL(/\/sandbox\/stripe\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/settings\/accountant\/billing\/\?checkout=success$/);
  await expect(page.getByText('your payment went through')).toBeVisible();
  const status = page.locator('tr').filter({ hasText: 'Status' });
  await expect(status).toContainText('Paid');
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'read-only' })).toHaveCount(0);

  // Working again: the branding form takes the change and saves it.
  await page.goto('/settings/accountant/?tab=branding');
  await page.getByLabel('Firm name').fill(`${firmName} Co`);
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Firm branding saved')).toBeVisible();
});
