import { expect, test } from '@playwright/test';
import { API_PREFIX, clientCompanyEndpoints, genericEndpoints, refEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, signIn, uniqueName, uniqueWord } from './helpers';
import { demoLedgerIngestBody } from './generic-ingest';

test('the accountant runs the review checks, finds a double charge and asks the client in one click; the client reads the question', async ({
  page: accountant,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
  const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;

  // Two charges of the same payee and amount two days apart, pushed in by the ledger and categorized by the accountant.
  // A payee no earlier run has used.
  const payee = `${uniqueWord()} Supplies`;
  const { token } = await apiCall(accountant, genericEndpoints.createToken, { params: { pk: companyPk }, body: { name: uniqueName('Review e2e') } });
  const pushed = await accountant.request.post(`${API_PREFIX}/${genericEndpoints.ingestTransactions.path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: demoLedgerIngestBody([
      { id: `${payee}-1`, payee, date: '2026-11-02', amount: '89.99' },
      { id: `${payee}-2`, payee, date: '2026-11-04', amount: '89.99' },
    ]),
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
  const charges = await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk: companyPk }, query: { search: payee, page_size: 10 } });
  const office = (await apiCall(accountant, refEndpoints.accountantCategories, { params: { pk: companyPk } })).find((c) => c.name === 'Office Supplies')!;
  await apiCall(accountant, transactionEndpoints.accountantUpdate, {
    params: { pk: companyPk },
    body: { transactions: charges.results.map((t) => ({ pk: t.pk, lines: [{ amount: t.amount, category: office.pk }], finished: true as const })) },
  });

  // The Review tab: a run on demand, followed on the page until it is done.
  await accountant.goto(`/dashboard/accountant/review/${companyPk}/`);
  await expect(accountant.getByRole('tab', { name: /^Review/, selected: true })).toBeVisible();
  await accountant.getByRole('button', { name: 'Run the checks now' }).click();
  const finding = accountant.locator('.ant-list-item', { hasText: payee });
  await expect(finding).toBeVisible({ timeout: 60_000 });
  await expect(finding.getByText('Likely duplicate')).toBeVisible();
  await expect(finding.getByText('Same payee and amount ($89.99) as the transaction of 2026-11-02, 2 days apart.')).toBeVisible();
  await accountant.screenshot({ path: 'test-results/review-checks-desktop.png', fullPage: true });

  // One click: the later charge goes back to the client with the question in their words.
  await finding.getByRole('button', { name: 'Ask the client' }).click();
  await expect(accountant.getByText('Sent to the client with the question')).toBeVisible();
  await expect(finding).toHaveCount(0);
  await accountant.getByText('Asked', { exact: true }).click();
  await expect(accountant.locator('.ant-list-item', { hasText: payee }).getByText(/^Asked: /)).toBeVisible();

  // The client, on a phone, finds it in their list with the reason.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const client = await phone.newPage();
    await signIn(client, DEMO.clientEmail, DEMO.password);
    await expect(client.getByRole('list', { name: 'Transactions to explain' })).toBeVisible({ timeout: 30_000 });
    const row = client.getByTestId('transaction-row').filter({ hasText: payee });
    await expect(row).toHaveCount(1);
    await expect(
      row.getByText(`This looks like a second charge of $89.99 from ${payee} within a few days. Were you charged twice, or were these two purchases?`),
    ).toBeVisible();
    await client.screenshot({ path: 'test-results/review-checks-client-phone.png', fullPage: true });
  } finally {
    await phone.close();
  }
});
