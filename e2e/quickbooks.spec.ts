import { expect, test, type Page } from '@playwright/test';
import { clientCompanyEndpoints, clientUserEndpoints, testingEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail } from './helpers';

// Without Intuit credentials Herd runs its built-in QuickBooks sandbox: this is what a new firm tries first.
const SANDBOX_COMPANY = 'Sandbox Landscaping LLC (sandbox)';

const companyPk = async (page: Page) => {
  const body = await apiCall(page, clientCompanyEndpoints.list, { query: { search: 'Sandbox Landscaping' } });
  expect(body.results).toHaveLength(1);
  return body.results[0]!.pk;
};

test('in sandbox mode an accountant connects QuickBooks, the client answers, the accountant publishes, and the sandbox company holds the new category', async ({
  browser,
}) => {
  // Two people, a consent page, a background pull and a publish: well over the default minute on a busy machine.
  test.setTimeout(150_000);
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();

  // Connect: Herd → the sandbox's consent page → back to the clients list.
  await accountant.goto('/dashboard/accountant/clients/');
  await accountant.getByRole('button', { name: 'Connect QuickBooks' }).click();
  await expect(accountant.getByRole('heading', { name: 'QuickBooks Online sandbox' })).toBeVisible();
  await accountant.getByLabel(new RegExp(SANDBOX_COMPANY.replace(/[()]/g, '\\$&'))).check();
  await accountant.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(accountant).toHaveURL(/\/dashboard\/accountant\/clients\//);
  const row = accountant.locator('tr', { hasText: SANDBOX_COMPANY });
  await expect(row).toBeVisible();
  await expect(row.getByText('Sandbox', { exact: true })).toBeVisible();
  const pk = await companyPk(accountant);

  // The worker pulls the company in the background.
  await expect.poll(async () => (await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk } })).count, { timeout: 30_000 }).toBeGreaterThan(0);
  await accountant.goto(`/dashboard/accountant/active/${pk}/`);
  await expect(accountant.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

  // The company's client is invited and signs in from the emailed link.
  const email = uniqueEmail('sandbox-client');
  await apiCall(accountant, clientUserEndpoints.invite, { body: { email, first_name: 'Sam', last_name: 'Gardner', client_company: pk } });
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(`/auth/?magic=${encodeURIComponent(await magicCodeFromOutbox(accountant.request, email))}`);
  const rows = client.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  const title = ((await rows.first().locator('strong').first().textContent()) ?? '').trim();
  const waiting = await rows.count();

  // The client answers one with the keyboard.
  await client.keyboard.press('Enter');
  const editor = client.getByTestId('transaction-editor');
  await expect(editor).toBeVisible();
  const category = editor.getByRole('combobox', { name: 'Category', exact: true }).first();
  await category.click();
  await category.fill('Office Supplies');
  await expect(client.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveText('Office Supplies');
  await category.press('Enter');
  await client.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  await expect(rows).toHaveCount(waiting - 1);

  // The accountant publishes it from the categorized list.
  await accountant.goto(`/dashboard/accountant/categorized/${pk}/`);
  const answered = accountant.locator('.ant-table-tbody tr.ant-table-row', { hasText: title }).first();
  await expect(answered).toBeVisible();
  await answered.getByRole('checkbox').check();
  await accountant.getByRole('button', { name: 'Publish' }).click();
  const published = async () =>
    (await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk }, query: { status: 'PUBLISHED_IN_PLATFORM' } })).results;
  await expect.poll(async () => (await published()).length, { timeout: 30_000 }).toBe(1);
  await expect(answered).toContainText(/Published/i, { timeout: 15_000 });

  // The sandbox company's copy of the transaction now posts to Office Supplies.
  const [done] = await published();
  const ledger = await apiCall(accountant, testingEndpoints.qboSandboxTransaction, { params: { pk: done!.pk } });
  const lines = (ledger as { Line: Record<string, { AccountRef?: { name?: string } } | string>[] }).Line;
  const accounts = lines.map((line) => {
    const detail = line[String(line.DetailType)];
    return typeof detail === 'object' ? detail.AccountRef?.name : undefined;
  });
  expect(accounts).toContain('Office Supplies');
  expect(accounts).not.toContain('Uncategorized Expense');
  expect(accounts).not.toContain('Ask My Accountant');

  await clientContext.close();
  await accountantContext.close();
});
