import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { coworkerEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail } from './helpers';

/** What an authenticator app shows for this key at this moment. */
const codeAt = (key: string, ms: number) => new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });
const stepOf = (ms: number) => Math.floor(ms / 30_000);

const signInByLink = async (page: Page, code: string) => page.goto(`/auth/?magic=${encodeURIComponent(code)}`);

test('a team member required to use two-step verification sets up an authenticator app and signs in with it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('mfa-member');

  // The firm admin invites a team member and requires two-step verification of them.
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page.getByRole('menu')).toBeVisible();
  await apiCall(page, coworkerEndpoints.invite, { body: { email, first_name: 'Morgan', last_name: 'Fay', role: 'TEAM_MEMBER' } });
  await page.goto('/settings/?tab=team');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Require MFA' }).click();
  await expect(row.getByText('Required, not set up')).toBeVisible();

  // The member signs in by their invitation and is asked to set it up.
  const context = await browser.newContext();
  const member = await context.newPage();
  const invitation = await magicCodeFromOutbox(member.request, email);
  await signInByLink(member, invitation);
  await expect(member.getByText('Your firm requires two-step verification for your account.')).toBeVisible();
  await member.getByRole('link', { name: 'Set it up' }).click();
  await member.getByRole('button', { name: /Set up an authenticator app/ }).click();
  await expect(member.getByRole('img', { name: 'QR code to add Herd to your authenticator app' })).toBeVisible();
  const key = (await member.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const setupAt = Date.now();
  await member.getByLabel('2. Enter the 6-digit code the app shows').fill(codeAt(key, setupAt));
  await member.getByRole('button', { name: 'Turn on' }).click();
  const codes = member.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(member.getByText(/Two-step verification is on/)).toBeVisible();
  await expect(member.getByText('Your firm requires two-step verification for your account.')).toHaveCount(0);
  await context.close();

  // Signing in again asks for the app's code; a code of the step used at setup would be refused, so the next one is used.
  await page.goto('/settings/?tab=team');
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto('/auth/');
  await again.getByRole('tab', { name: 'Email me a sign-in link' }).click();
  await again.getByRole('textbox', { name: 'Email' }).fill(email);
  await again.getByRole('button', { name: 'Send link' }).click();
  await expect(again.getByText(/sign-in link is on its way/)).toBeVisible();
  // The link is mailed by a job, after the answer: the newest email changes once it has gone.
  await expect.poll(async () => magicCodeFromOutbox(again.request, email), { timeout: 15_000 }).not.toBe(invitation);
  await signInByLink(again, await magicCodeFromOutbox(again.request, email));
  await expect(again.getByText('Two-step verification', { exact: true })).toBeVisible();
  while (stepOf(Date.now()) <= stepOf(setupAt)) await again.waitForTimeout(1000);
  await again.getByLabel('Code').fill(codeAt(key, Date.now()));
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again.getByRole('menu')).toBeVisible();
  await expect(again).not.toHaveURL(/\/auth\//);
  await againContext.close();
});
