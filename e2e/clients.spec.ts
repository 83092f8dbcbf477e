import { expect, test } from '@playwright/test';
import { clientCompanyEndpoints, firmSettingsEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail, uniqueName } from './helpers';

// A 1x1 PNG: the server sniffs uploads by their bytes, so it must be a real image.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test.describe('client companies', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an accountant adds a client, invites its user and hands over a sign-in link that works', async ({ page, browser }) => {
    const company = uniqueName('Harbor Dental');
    const email = uniqueEmail('client');
    await signIn(page, DEMO.accountantEmail, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);

    await page.getByRole('menuitem', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add client' }).click();
    const addDialog = page.getByRole('dialog');
    await addDialog.getByLabel('Name').fill(company);
    await addDialog.getByRole('radio', { name: /^CSV/ }).check();
    await addDialog.getByRole('button', { name: 'Add client' }).click();

    // A new client opens its settings, where its people are invited.
    await expect(page).toHaveURL(/\/settings\/accountant\/client\/\d+\/$/);
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await page.getByRole('button', { name: 'Invite client user' }).click();
    const invite = page.getByRole('dialog');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('First name').fill('Robin');
    await invite.getByLabel('Last name').fill('Lee');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(page.getByRole('cell', { name: `Robin Lee ${email}` })).toBeVisible();

    await page.getByRole('link', { name: 'Clients' }).first().click();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(company);
    await expect(page.getByTestId('clients-count')).toHaveText('1 item');
    await page.getByRole('button', { name: `Actions for ${company}` }).click();
    await page.getByRole('menuitem', { name: 'Copy magic link' }).click();
    // Robin has not signed in yet: the link copied takes the invitation up when opened.
    await expect(page.getByText('Invitation link for Robin Lee copied')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/auth\/\?magic=/);

    const clientContext = await browser.newContext();
    try {
      const client = await clientContext.newPage();
      await client.goto(url);
      // One company: the client lands straight in it.
      await expect(client).toHaveURL(/\/dashboard\/client\/company-client\/\?company=\d+$/);
      await expect(client.getByRole('heading', { name: company })).toBeVisible();
      await expect(client.getByText(`Questions and requests from your accountant at ${DEMO.firmName}.`)).toBeVisible();
      await expect(client.getByLabel('Your accountant')).toContainText(DEMO.accountantEmail);
    } finally {
      await clientContext.close();
    }
  });
});

test('a firm admin changes the colour and logo, and the whole app follows', async ({ page }) => {
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  await page.goto('/settings/accountant/?tab=branding');

  const colour = page.getByRole('textbox', { name: 'Main colour' });
  await colour.fill('blue');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Main colour is not valid.')).toBeVisible();

  await colour.fill('#7c3aed');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Firm branding saved')).toBeVisible();

  const sider = page.getByLabel('Side bar');
  const logo = sider.locator('img');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^\/api\/v1\/storage\/file\/retrieve\/\d+\/$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The primary colour is the firm's now: buttons and the user's avatar (the mouse moves off the button's hover shade).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('button', { name: 'Save branding' })).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  await page.goto('/dashboard/accountant/');
  await expect(page.getByRole('button', { name: /User menu/ }).locator('.ant-avatar')).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  await expect(page.getByLabel('Side bar').locator('img')).toBeVisible();

  // Back to the demo firm's own look for the tests that follow.
  await apiCall(page, firmSettingsEndpoints.update, { body: { main_color: null, logo: null } });
});

test('a team member sees only the clients assigned to them', async ({ page, browser }) => {
  const tag = uniqueName('Team');
  const assigned = `${tag} Alpha`;
  const other = `${tag} Beta`;
  const email = uniqueEmail('coworker');
  const lastName = `Member ${tag.split(' ')[1]}`;

  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  const alpha = await apiCall(page, clientCompanyEndpoints.create, { body: { name: assigned, connection_kind: 'CSV' } });
  const beta = await apiCall(page, clientCompanyEndpoints.create, { body: { name: other, connection_kind: 'CONNECTIONLESS' } });

  await page.goto('/settings/accountant/?tab=team');
  await page.getByRole('button', { name: 'Invite coworker' }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Tess');
  await invite.getByLabel('Last name').fill(lastName);
  await expect(invite.getByRole('radio', { name: /Team member/ })).toBeChecked();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByText(`Tess ${lastName}`)).toBeVisible();

  await page.goto(`/settings/accountant/client/${alpha.pk}/`);
  // The fields the company's ledger has arrive after the form: once they show (a CSV company has no
  // tracking categories), the form below them has stopped moving.
  await expect(page.getByRole('group', { name: 'Fields the client may set' })).toBeVisible();
  await expect(page.getByTestId('client-field-tracking_option_one')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Assigned team members' }).click();
  await page.getByTitle(`Tess ${lastName}`).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Client settings saved')).toBeVisible();

  // The invitation email's link, as the coworker would follow it from their inbox.
  const code = await magicCodeFromOutbox(page.request, email);
  const coworkerContext = await browser.newContext();
  try {
    const coworker = await coworkerContext.newPage();
    await coworker.goto(`/auth/?magic=${encodeURIComponent(code)}`);
    await expect(coworker).toHaveURL(/\/dashboard\/accountant\/$/);
    await coworker.getByRole('menuitem', { name: 'Clients' }).click();
    await expect(coworker.getByText('The client companies assigned to you.')).toBeVisible();
    await coworker.getByRole('searchbox', { name: 'Search clients' }).fill(tag);
    await expect(coworker.getByTestId('clients-count')).toHaveText('1 item');
    await expect(coworker.getByRole('link', { name: assigned })).toBeVisible();
    await expect(coworker.getByRole('link', { name: other })).toHaveCount(0);
    await expect(coworker.getByRole('button', { name: 'Add client' })).toHaveCount(0);
    await coworker.getByRole('button', { name: `Actions for ${assigned}` }).click();
    await expect(coworker.getByRole('menuitem', { name: 'Notify now' })).toBeVisible();
    await expect(coworker.getByRole('menuitem', { name: 'Disconnect' })).toHaveCount(0);
    await coworker.keyboard.press('Escape');

    // The other client does not exist as far as this team member can tell.
    await coworker.goto(`/settings/accountant/client/${beta.pk}/`);
    await expect(coworker.getByText('Page not found')).toBeVisible();
  } finally {
    await coworkerContext.close();
  }
});
