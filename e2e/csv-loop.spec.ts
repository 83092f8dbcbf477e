import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { clientCompanyEndpoints, clientUserEndpoints } from '@herd/contract';
import { apiCall, DEMO, signIn, uniqueEmail, uniqueName } from './helpers';

const CHART = 'Account Number,Account Name,Type\n6100,Meals and Entertainment,Expense\n6200,Office Supplies,Expense\n';
const BANK = ['Date,Description,Amount,Payee', '2026-03-02,"Team lunch, with ""Ops""",-42.50,=Diner', '2026-03-03,Printer paper,-18.00,Staples'].join('\n');

/** The text of the file a click downloads. */
const downloaded = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
};

test('a CSV company from chart import to export and re-export', async ({ page, browser }) => {
  // Two people, two imports, an answer, a publish and two downloads: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const name = uniqueName('CSV Loop');
  const email = uniqueEmail('csv-client');
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/accountant\/$/);
  const company = await apiCall(page, clientCompanyEndpoints.create, { body: { name, connection_kind: 'CSV' } });
  const person = await apiCall(page, clientUserEndpoints.invite, { body: { email, first_name: 'Cora', last_name: 'Client', client_company: company.pk } });

  // The chart of accounts, from the template's columns, through the client's settings.
  await page.goto(`/settings/accountant/client/${company.pk}/`);
  const chart = page.locator('.ant-card', { hasText: 'Chart of accounts and lists' });
  const template = await downloaded(page, () => chart.getByRole('link', { name: /Download template/ }).click());
  expect(template).toEqual({ name: 'account-template.csv', text: 'Account Number,Account Name,Type,Active\r\n6100,Meals,Expense,yes\r\n' });
  await chart.locator('input[type="file"]').setInputFiles({ name: 'chart.csv', mimeType: 'text/csv', buffer: Buffer.from(CHART) });
  await expect(chart.getByText('2 accounts created, 0 updated.')).toBeVisible();

  // The bank's transactions, through the accountant's list.
  await page.goto(`/dashboard/accountant/active/${company.pk}/`);
  await page
    .locator('.ant-upload', { hasText: 'Import bank CSV' })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from(BANK) });
  await expect(page.getByRole('dialog').getByText('2 transactions imported, 0 duplicates skipped.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The client answers the lunch, from a phone.
  const { url } = await apiCall(page, clientCompanyEndpoints.magicLink, { body: { client_company: company.pk, user: person.pk } });
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const client = await clientContext.newPage();
    await client.goto(url);
    const lunch = client.getByTestId('transaction-row').filter({ hasText: 'Team lunch' });
    await lunch.click();
    const editor = client.getByTestId('transaction-editor');
    await expect(editor).toBeVisible();
    const category = editor.getByRole('combobox', { name: 'Category', exact: true }).first();
    await category.click();
    await category.fill('Meals');
    await expect(client.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveText('Meals and Entertainment');
    await category.press('Enter');
    await editor.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(lunch).toHaveCount(0);
  } finally {
    await clientContext.close();
  }

  // The accountant publishes it, then exports.
  await page.goto(`/dashboard/accountant/categorized/${company.pk}/`);
  const answered = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Team lunch' });
  await answered.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(answered).toContainText(/Published/i);

  await page.getByRole('button', { name: /Export$/ }).click();
  const drawer = page.locator('.ant-drawer', { hasText: 'Export published transactions' });
  await expect(drawer.getByText('1 transaction (1 line) to export.')).toBeVisible();
  await expect(drawer.getByText('No exports yet')).toBeVisible();
  const first = await downloaded(page, () => drawer.getByRole('button', { name: 'Export CSV' }).click());
  const [header, row, end] = first.text.split('\r\n');
  expect(header).toBe('Date,Herd ID,Payment account,Description,Payee,Amount,Currency,Account,Vendor,Customer,Class,Location,Line description,Memo,Attachments');
  expect(row).toMatch(/^2026-03-02,\d+,Bank account,"Team lunch, with ""Ops""",'=Diner,-42.50,USD,Meals and Entertainment,,,,,,,$/);
  expect(end).toBe('');

  // Exported once: nothing is new now, and the past export downloads again with the same lines.
  await expect(drawer.getByText('Nothing to export with these filters.')).toBeVisible();
  const past = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('1 transaction · 1 line');
  const again = await downloaded(page, () => past.getByRole('link', { name: /Download export/ }).click());
  expect(again).toEqual(first);
});
