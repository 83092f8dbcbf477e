import { expect, test, type Page } from '@playwright/test';
import { API_PREFIX, clientCompanyEndpoints, genericEndpoints, refEndpoints, ruleEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueName, uniqueWord } from './helpers';
import { demoLedgerIngestBody, type PushedCharge } from './generic-ingest';

/** Three merchants the client has answered three times each, and one new question each; and one nobody can suggest. */
const MERCHANTS: [string, string][] = [
  ['Bakery Supply', 'Ingredients'],
  ['Print Shop', 'Office Supplies'],
  ['Radio Ads', 'Advertising & Marketing'],
];

/** Transactions pushed in through the generic ledger API, as the other system would. */
const push = async (accountant: Page, companyPk: number, rows: PushedCharge[]) => {
  const { token } = await apiCall(accountant, genericEndpoints.createToken, { params: { pk: companyPk }, body: { name: uniqueName('Effort e2e') } });
  const response = await accountant.request.post(`${API_PREFIX}/${genericEndpoints.ingestTransactions.path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: demoLedgerIngestBody(rows),
  });
  expect(response.ok(), await response.text()).toBe(true);
};

test('a client on a phone answers with three taps and one memo; the accountant sees the suggested ones', async ({ page: accountant, browser }) => {
  test.setTimeout(180_000);
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
  const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;

  // The history: each merchant answered three times in the summer, by the accountant.
  const run = uniqueWord();
  const payees = MERCHANTS.map(([name]) => `${run} ${name}`);
  const unknown = `${run} Mystery Vendor`;
  await push(
    accountant,
    companyPk,
    payees.flatMap((payee, m) => [7, 8, 9].map((month) => ({ id: `${payee}-${month}`, payee, date: `2026-0${month}-1${m}`, amount: `${30 + m}.00` }))),
  );
  const history = await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
  expect(history.results).toHaveLength(9);
  const categories = await apiCall(accountant, refEndpoints.accountantCategories, { params: { pk: companyPk } });
  const categoryPk = (name: string) => categories.find((c) => c.name === name)!.pk;
  await apiCall(accountant, transactionEndpoints.accountantUpdate, {
    params: { pk: companyPk },
    body: {
      transactions: history.results.map((t) => ({
        pk: t.pk,
        lines: [{ amount: t.amount, category: categoryPk(MERCHANTS[payees.indexOf(t.payee)]![1]) }],
        finished: true as const,
      })),
    },
  });
  // October's questions: one per merchant, and one nobody has answered before.
  await push(accountant, companyPk, [
    ...payees.map((payee, m) => ({ id: `${payee}-10`, payee, date: '2026-10-27', amount: `${40 + m}.00` })),
    { id: `${unknown}-10`, payee: unknown, date: '2026-10-27', amount: '12.00' },
  ]);
  // The suggestions are computed by a background job after the answers and the arrival.
  await expect
    .poll(async () => {
      const open = await apiCall(accountant, transactionEndpoints.clientActive, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
      return open.results.filter((t) => t.suggestion !== null).length;
    })
    .toBe(3);

  // The accountant emails the client; the client opens the link on a phone.
  await apiCall(accountant, clientCompanyEndpoints.sendNotification, { body: { client_company: companyPk } });
  const code = await magicCodeFromOutbox(accountant.request, DEMO.clientEmail);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const client = await phone.newPage();
    await client.goto(`/auth/?magic=${encodeURIComponent(code)}`);
    await expect(client.getByRole('list', { name: 'Transactions to explain' })).toBeVisible({ timeout: 30_000 });
    const row = (payee: string) => client.getByTestId('transaction-row').filter({ hasText: payee });
    const editor = client.getByTestId('transaction-editor');
    for (const [m, [, category]] of MERCHANTS.entries()) {
      await row(payees[m]!).tap();
      const card = editor.getByTestId('suggestion');
      await expect(card).toContainText(`Suggested: ${category}`);
      await card.getByRole('button', { name: /Accept/ }).tap();
      await expect(editor).toBeHidden();
      await expect(row(payees[m]!)).toHaveCount(0);
    }
    // The one nobody can suggest: explained in words only.
    await row(unknown).tap();
    await expect(editor.getByTestId('suggestion')).toHaveCount(0);
    await editor.getByLabel('Memo').fill('Cash tip for the delivery driver');
    await editor.getByRole('button', { name: 'Done', exact: true }).tap();
    await expect(editor).toBeHidden();
    await expect(row(unknown)).toHaveCount(0);
    // Nothing on the phone scrolls sideways.
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await phone.close();
  }

  // The accountant finds all four in Categorized; the three taken as suggested are marked so.
  await accountant.goto(`/dashboard/accountant/categorized/${companyPk}/?search=${encodeURIComponent(run)}`);
  // A full page load of the accountant's screens: on two busy cores it can take longer than one expectation's wait.
  await expect(accountant.locator('.ant-table-tbody')).toBeVisible({ timeout: 30_000 });
  const octoberRow = (payee: string) => accountant.locator('.ant-table-tbody tr.ant-table-row', { hasText: payee }).filter({ hasText: 'Oct 27, 2026' });
  for (const payee of payees) await expect(octoberRow(payee).getByTestId('answer-origin')).toHaveText('Suggested');
  await expect(octoberRow(unknown)).toBeVisible();
  await expect(octoberRow(unknown).getByTestId('answer-origin')).toHaveCount(0);
  const answered = await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
  const october = answered.results.filter((t) => t.date === '2026-10-27');
  expect(Object.fromEntries(october.map((t) => [t.payee, [t.answered_from_suggestion, t.lines[0]?.category?.name ?? null, t.client_memo]]))).toEqual({
    [payees[0]!]: [true, 'Ingredients', ''],
    [payees[1]!]: [true, 'Office Supplies', ''],
    [payees[2]!]: [true, 'Advertising & Marketing', ''],
    [unknown]: [false, null, 'Cash tip for the delivery driver'],
  });
});

test('a company rule with automatic answers answers a new matching transaction; the accountant sees it in Categorized marked Auto', async ({ page: accountant }) => {
  test.setTimeout(120_000);
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
  const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;
  const categories = await apiCall(accountant, refEndpoints.accountantCategories, { params: { pk: companyPk } });
  const officeSupplies = categories.find((c) => c.name === 'Office Supplies')!.pk;

  // The accountant knows this merchant is always office supplies, and lets Herd answer it.
  const run = uniqueWord();
  const payee = `${run} Paper Depot`;
  const rule = await apiCall(accountant, ruleEndpoints.create, {
    params: { pk: companyPk },
    body: { scope: 'COMPANY', match_text: `${run} paper`, category: officeSupplies, auto_answer: true },
  });
  expect(rule.auto_answer).toBe(true);
  // A transaction of that merchant arrives, and another the rule does not match.
  await push(accountant, companyPk, [
    { id: `${payee}-11`, payee, date: '2026-11-03', amount: '18.40' },
    { id: `${run}-other-11`, payee: `${run} Flower Stall`, date: '2026-11-03', amount: '9.00' },
  ]);

  // The suggestion job answers it in the background: it leaves the client's questions, the other stays.
  await expect
    .poll(async () => {
      const open = await apiCall(accountant, transactionEndpoints.clientActive, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
      return open.results.map((t) => t.payee);
    })
    .toEqual([`${run} Flower Stall`]);

  await accountant.goto(`/dashboard/accountant/categorized/${companyPk}/?search=${encodeURIComponent(run)}`);
  await expect(accountant.locator('.ant-table-tbody')).toBeVisible({ timeout: 30_000 });
  const row = accountant.locator('.ant-table-tbody tr.ant-table-row', { hasText: payee });
  await expect(row.getByTestId('answer-origin')).toHaveText('Auto');
  await expect(row).toContainText('Office Supplies');
  await expect(accountant.locator('.ant-table-tbody tr.ant-table-row', { hasText: `${run} Flower Stall` })).toHaveCount(0);
  const answered = await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
  expect(answered.results.map((t) => [t.payee, t.status, t.auto_answered, t.answered_from_suggestion, t.lines[0]?.category?.name])).toEqual([
    [payee, 'FINISHED_IN_HERD', true, false, 'Office Supplies'],
  ]);
});
