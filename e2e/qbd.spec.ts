import { expect, test, type Page } from '@playwright/test';
import { clientUserEndpoints, transactionEndpoints } from '@herd/contract';
import { answerFirstTransaction, apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail, uniqueName } from './helpers';

/** The simulated Web Connector runs a whole session against the sandbox company file: pull, then publish, then done. */
const runSandboxConnector = async (page: Page) => {
  const card = page.getByTestId('qbd-setup-card');
  await card.getByRole('button', { name: 'Run the Web Connector now (sandbox)' }).click();
  await expect(page.getByText(/^Sandbox run finished \(\d+ requests\)$/)).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Finished', { exact: true })).toBeVisible();
  await expect(card.getByText('Everything Herd asked for was done.')).toBeVisible();
};

test('in sandbox mode an accountant adds a QuickBooks Desktop client, runs the sandbox Web Connector, the client answers and the next run publishes it', async ({
  browser,
}) => {
  // Two simulated Web Connector sessions, two people, one answer and a publish.
  test.setTimeout(180_000);
  const company = uniqueName('Harbor Dental');
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();

  // Add client → QuickBooks Desktop: the new client's settings open, with the Web Connector's set-up.
  await accountant.goto('/dashboard/accountant/clients/');
  await accountant.getByRole('button', { name: 'Add client' }).click();
  const addDialog = accountant.getByRole('dialog');
  await addDialog.getByLabel('Name').fill(company);
  await addDialog.getByRole('radio', { name: /^QuickBooks Desktop/ }).check();
  await addDialog.getByRole('button', { name: 'Add client' }).click();
  await expect(accountant).toHaveURL(/\/settings\/accountant\/client\/\d+\/$/);
  const pk = Number(/\/client\/(\d+)\/$/.exec(accountant.url())![1]);
  const card = accountant.getByTestId('qbd-setup-card');
  await expect(card.getByText('The Web Connector has not run yet.')).toBeVisible();
  await expect(card.getByTestId('sandbox-tag')).toBeVisible();

  // Step 1: the .qwc file carries the interval chosen, and the server answers it as the Web Connector's file.
  await card.getByLabel('Run every').fill('30');
  const download = card.getByRole('link', { name: 'Download the .qwc file' });
  await expect(download).toHaveAttribute('href', `/api/v1/qbd/download-qwc/?client_company=${pk}&run_every_minutes=30`);
  const qwc = await accountant.request.get((await download.getAttribute('href'))!);
  expect(qwc.ok()).toBe(true);
  expect(qwc.headers()['content-disposition']).toContain('.qwc');
  expect(await qwc.text()).toContain('<QBWCXML>');

  // Step 2: a password, shown this once.
  await card.getByRole('button', { name: 'Make a password' }).click();
  await expect(card.getByText('Shown only now: copy the password before you leave this page')).toBeVisible();
  await expect(card.getByTestId('qbd-new-password')).toHaveText(/^[A-Za-z0-9]{20}$/);

  // The sandbox's simulated Web Connector runs now: a finished run, the sandbox file's company file, and transactions in Herd.
  await runSandboxConnector(accountant);
  await expect(card.getByText(/\(sandbox\)\.QBW$/)).toBeVisible();
  await expect(card.getByText(/^\d+ requests to QuickBooks$/)).toBeVisible();
  // The next run: the last one's start plus the .qwc file's interval, said as a time of day, with its date
  // when that falls on another day (a run after half past eleven at night is next due tomorrow).
  await expect(card.getByText(/^About ([A-Z][a-z]{2} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}\s?[AP]M \(every 30 minutes\)$/)).toBeVisible();
  const active = await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk } });
  expect(active.count).toBeGreaterThan(0);
  await accountant.goto(`/dashboard/accountant/active/${pk}/`);
  await expect(accountant.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();

  // The company's client is invited and signs in from the emailed link; they categorize the first transaction.
  const email = uniqueEmail('qbd-client');
  await apiCall(accountant, clientUserEndpoints.invite, { body: { email, first_name: 'Robin', last_name: 'Harbor', client_company: pk } });
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(`/auth/?magic=${encodeURIComponent(await magicCodeFromOutbox(accountant.request, email))}`);
  await answerFirstTransaction(client);

  // The accountant publishes it: with QuickBooks Desktop it waits for the next Web Connector run.
  await accountant.goto(`/dashboard/accountant/categorized/${pk}/`);
  const answered = accountant.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(answered).toBeVisible();
  await answered.getByRole('checkbox').check();
  await accountant.getByRole('button', { name: 'Publish' }).click();
  const withStatus = async (status: 'PROCESSING' | 'PUBLISHED_IN_PLATFORM') =>
    (await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk }, query: { status } })).results.length;
  await expect.poll(() => withStatus('PROCESSING'), { timeout: 30_000 }).toBe(1);

  // The next run writes it to the sandbox company file.
  await accountant.goto(`/settings/accountant/client/${pk}/`);
  await runSandboxConnector(accountant);
  await expect.poll(() => withStatus('PUBLISHED_IN_PLATFORM'), { timeout: 30_000 }).toBe(1);
  expect(await withStatus('PROCESSING')).toBe(0);

  await clientContext.close();
  await accountantContext.close();
});
