import { expect, test, type Page } from '@playwright/test';
import { authEndpoints, clientCompanyEndpoints, clientUserEndpoints, testingEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail } from './helpers';

// Without Xero credentials Herd runs its built-in Xero sandbox: each firm has two organisations there.
const CAFE = 'Harbour Cafe Ltd (sandbox)';
const JOINERY = 'Summit Joinery Ltd (sandbox)';
const escaped = (name: string) => new RegExp(name.replace(/[()]/g, '\\$&'));

const companyPk = async (page: Page, search: string) => {
  const body = await apiCall(page, clientCompanyEndpoints.list, { query: { search } });
  expect(body.results).toHaveLength(1);
  return body.results[0]!.pk;
};

/** Picks the option of a picker of the editor: typed, or the first offered. */
const choose = async (page: Page, label: string, nth: number, name?: string) => {
  const select = page.getByTestId('transaction-editor').getByRole('combobox', { name: label, exact: true }).nth(nth);
  // The previous picker's list closes with an animation: until it is gone, "the active option" could be its.
  const openLists = page.locator('.ant-select-dropdown:visible');
  await expect(openLists).toHaveCount(0);
  await select.click();
  await expect(openLists).toHaveCount(1);
  if (name) await select.fill(name);
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  if (name) await expect(active).toHaveText(name);
  else await expect(active).toBeVisible();
  const picked = ((await active.textContent()) ?? '').trim();
  await select.press('Enter');
  await expect(page.getByTestId(`line-${nth}`)).toContainText(picked);
  return picked;
};

test('in sandbox mode an accountant connects two Xero organisations, signs in with Xero, the client answers with a split and a tracking option, and the published answer is in the sandbox organisation', async ({
  browser,
}) => {
  // A consent, a choice of organisations, two pulls, two people and a publish.
  test.setTimeout(180_000);
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();

  // Connect: Herd → the sandbox's consent page, both organisations ticked → choosing where each goes → the clients list.
  await accountant.goto('/dashboard/accountant/clients/');
  await accountant.getByRole('button', { name: 'Connect Xero (sandbox)' }).click();
  await expect(accountant.getByRole('heading', { name: 'Xero sandbox' })).toBeVisible();
  await accountant.getByLabel(escaped(CAFE)).check();
  await accountant.getByLabel(escaped(JOINERY)).check();
  await accountant.getByRole('button', { name: 'Allow access' }).click();
  await expect(accountant).toHaveURL(/\/dashboard\/accountant\/xero\/select-client\//);
  await expect(accountant.getByRole('heading', { name: 'Choose where each Xero organisation goes' })).toBeVisible();
  await accountant.getByRole('button', { name: 'Connect 2 organisations' }).click();
  await expect(accountant).toHaveURL(/\/dashboard\/accountant\/clients\//);
  for (const name of [CAFE, JOINERY]) await expect(accountant.locator('tr', { hasText: name })).toBeVisible();

  // Signed out, the same browser signs in with Xero: the sandbox knows who consented there.
  await apiCall(accountant, authEndpoints.logout, {});
  await accountant.goto('/auth/xero/');
  await accountant.getByRole('button', { name: 'Sign in with Xero (sandbox)' }).click();
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();

  const pk = await companyPk(accountant, 'Harbour Cafe');
  await expect.poll(async () => (await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk } })).count, { timeout: 60_000 }).toBeGreaterThan(0);

  // The organisation's client is invited and signs in from the emailed link.
  const email = uniqueEmail('xero-client');
  await apiCall(accountant, clientUserEndpoints.invite, { body: { email, first_name: 'Robin', last_name: 'Harbour', client_company: pk } });
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(`/auth/?magic=${encodeURIComponent(await magicCodeFromOutbox(accountant.request, email))}`);
  const rows = client.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  const waiting = await rows.count();

  // The client splits the first one in two and tracks the first part.
  await client.keyboard.press('Enter');
  const editor = client.getByTestId('transaction-editor');
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Split' }).click();
  const cents = Math.round(Number((await editor.getByLabel('Line 1 amount').inputValue()).trim()) * 100);
  const part = Math.floor(cents / 3);
  await editor.getByLabel('Line 1 amount').fill((part / 100).toFixed(2));
  await expect(editor.getByTestId('remaining')).toContainText('Remaining: 0.00');
  await choose(client, 'Category', 0, 'Office Expenses');
  await choose(client, 'Category', 1, 'Travel - National');
  // Xero's tracking categories are offered under their own names, in Xero's order.
  const option = await choose(client, 'Region', 0);
  await client.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  await expect(rows).toHaveCount(waiting - 1);

  // The accountant publishes it.
  await accountant.goto(`/dashboard/accountant/categorized/${pk}/`);
  const answered = accountant.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Split (2 lines)' }).first();
  await expect(answered).toBeVisible();
  await answered.getByRole('checkbox').check();
  await accountant.getByRole('button', { name: 'Publish' }).click();
  const published = async () =>
    (await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk }, query: { status: 'PUBLISHED_IN_PLATFORM' } })).results;
  await expect.poll(async () => (await published()).length, { timeout: 30_000 }).toBe(1);

  // The sandbox organisation's copy has the two lines, to the cent, the first tracked.
  const [done] = await published();
  const object = (await apiCall(accountant, testingEndpoints.xeroSandboxTransaction, { params: { pk: done!.pk } })) as {
    LineItems: { LineAmount: number; Tracking?: { Option: string }[] }[];
  };
  const amounts = object.LineItems.map((line) => Math.round(line.LineAmount * 100));
  expect(amounts).toEqual(expect.arrayContaining([part, cents - part]));
  const tracked = object.LineItems.find((line) => Math.round(line.LineAmount * 100) === part)!;
  expect(tracked.Tracking?.map((t) => t.Option)).toContain(option);

  await clientContext.close();
  await accountantContext.close();
});
