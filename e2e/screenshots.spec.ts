import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { clientCompanyEndpoints, clientSideEndpoints, clientUserEndpoints, firmSettingsEndpoints } from '@herd/contract';
import { apiCall, DEMO, signIn, uniqueEmail, uniqueName } from './helpers';

// Review aid, not a check: HERD_SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
const dir = process.env.HERD_SCREENSHOTS_DIR || '/tmp/herd-shots';
test.skip(!process.env.HERD_SCREENSHOTS, 'set HERD_SCREENSHOTS=1 to take review screenshots');
test.use({ viewport: { width: 1366, height: 800 } });

// A 1x1 red PNG, stretched into the logo slots.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

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

interface Company {
  pk: number;
  name: string;
}

const demoCompany = async (page: Page): Promise<Company> => (await apiCall(page, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } })).results[0]!;

test('client management screens', async ({ page }) => {
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  // Enough variety for the screens: a client nobody answers for, a disconnected one, a pinned note.
  const demo = await demoCompany(page);
  await apiCall(page, clientCompanyEndpoints.update, {
    params: { pk: demo.pk },
    body: { pinned_note: 'Please upload the March bank statement and the receipts for the new oven.' },
  });
  await apiCall(page, clientCompanyEndpoints.create, { body: { name: uniqueName('Harbor Dental'), connection_kind: 'GENERIC' } });
  const gone = await apiCall(page, clientCompanyEndpoints.create, { body: { name: uniqueName('Maple Cafe'), connection_kind: 'CSV' } });
  await apiCall(page, clientCompanyEndpoints.disconnect, { params: { pk: gone.pk } });
  const second = await apiCall(page, clientCompanyEndpoints.create, { body: { name: uniqueName('Sunrise Catering'), connection_kind: 'CONNECTIONLESS' } });
  await apiCall(page, clientUserEndpoints.invite, { body: { email: DEMO.clientEmail, first_name: 'Casey', last_name: 'Baker', client_company: second.pk } });
  await apiCall(page, clientUserEndpoints.invite, { body: { email: uniqueEmail('jo'), first_name: 'Jo', last_name: 'Rivera', client_company: demo.pk } });

  await page.goto('/dashboard/accountant/');
  await expect(page.getByText('Needs your attention')).toBeVisible();
  await shot(page, 'accountant-dashboard-clients');

  await page.goto('/dashboard/accountant/clients/');
  await expect(page.getByRole('link', { name: DEMO.clientCompanyName })).toBeVisible();
  await shot(page, 'clients');
  await page.getByRole('button', { name: `Actions for ${DEMO.clientCompanyName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy magic link' })).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/clients-actions.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add client' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/clients-add.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Actions for ${DEMO.clientCompanyName}` }).click();
  await page.getByRole('menuitem', { name: 'Copy magic link' }).click();
  await expect(page.getByText('Whose sign-in link?', { exact: false })).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/clients-magic-link-picker.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/settings/accountant/client/${demo.pk}/`);
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await shot(page, 'client-settings');
  await page.getByRole('button', { name: 'Invite client user' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/client-settings-invite.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/dashboard/accountant/as-client/${demo.pk}/`);
  await expect(page.getByText(`Viewing as ${DEMO.clientCompanyName}`)).toBeVisible();
  await shot(page, 'as-client');

  for (const tab of ['branding', 'team', 'default-client']) {
    await page.goto(`/settings/accountant/?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await shot(page, `settings-${tab}`);
  }
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Invite coworker' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/settings-team-invite.png` });
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The firm's own colour and logo, everywhere at once.
  await page.goto('/settings/accountant/?tab=branding');
  await page.getByRole('textbox', { name: 'Main colour' }).fill('#7c3aed');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Firm branding saved')).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'settings-branding-applied');
  await page.goto('/dashboard/accountant/clients/');
  await expect(page.getByRole('link', { name: DEMO.clientCompanyName })).toBeVisible();
  await shot(page, 'clients-branded');
  await apiCall(page, firmSettingsEndpoints.update, { body: { main_color: null, logo: null } });

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/accountant/clients/');
  await expect(page.getByRole('link', { name: DEMO.clientCompanyName })).toBeVisible();
  await shot(page, 'clients-mobile');
});

test('client pages', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/client\//);
  await expect(page.getByRole('link', { name: `Open ${DEMO.clientCompanyName}` })).toBeVisible();
  await shot(page, 'client-dashboard');
  await page.getByRole('link', { name: `Open ${DEMO.clientCompanyName}` }).click();
  await expect(page.getByRole('heading', { name: DEMO.clientCompanyName })).toBeVisible();
  await shot(page, 'client-company');
  await page.goto('/settings/client/?tab=people');
  await expect(page.getByText(`People at ${DEMO.clientCompanyName}`)).toBeVisible();
  await shot(page, 'client-settings-people');
});

test('transaction screens', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/client\//);
  const companies = await apiCall(page, clientSideEndpoints.ownCompanies);
  const bakery = companies.find((c) => c.name === DEMO.clientCompanyName)!;
  await page.goto(`/dashboard/client/company-client/?company=${bakery.pk}`);
  await expect(page.getByRole('list', { name: 'Transactions to explain' })).toBeVisible();
  await shot(page, 'tx-client-inbox');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transaction-editor')).toBeVisible();
  await page.getByRole('button', { name: 'Split' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/tx-client-editor.png` });
  await page.getByTestId('transaction-editor').getByRole('button', { name: 'Done' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/tx-client-editor-errors.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('transaction-editor')).toBeHidden();
  await page.keyboard.press('?');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/tx-shortcuts.png` });
  await page.keyboard.press('Escape');
  await page.goto(`/dashboard/client/company-client/transactions/completed/${bakery.pk}/`);
  await expect(page.getByRole('heading', { name: 'Completed transactions' })).toBeVisible();
  await shot(page, 'tx-client-completed');

  await page.context().clearCookies();
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const company = await demoCompany(page);
  for (const list of ['active', 'categorized', 'hidden']) {
    await page.goto(`/dashboard/accountant/${list}/${company.pk}/`);
    await expect(page.getByRole('heading', { name: DEMO.clientCompanyName })).toBeVisible();
    await shot(page, `tx-accountant-${list}`);
  }
  await page.goto(`/dashboard/accountant/categorized/${company.pk}/`);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByTestId('transaction-editor')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/tx-accountant-editor.png` });
});
