import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API_PREFIX, clientCompanyEndpoints, genericEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, signIn, uniqueName } from './helpers';

// Review aid beside the checks: the refusal and the phone screens, as a person sees them.
const shots = process.env.HERD_SCREENSHOTS_DIR || '/tmp/herd-shots';
const rows = (page: Page) => page.getByTestId('transaction-row');
const editor = (page: Page) => page.getByTestId('transaction-editor');

/** What a fast client types for each transaction, and the category it means. */
const ANSWERS: [string, string][] = [
  ['uti', 'Utilities'],
  ['ingr', 'Ingredients'],
  ['pack', 'Packaging'],
  ['rent', 'Rent'],
  ['soft', 'Software Subscriptions'],
  ['bank', 'Bank Fees'],
  ['office', 'Office Supplies'],
  ['adv', 'Advertising & Marketing'],
];

/**
 * The contexts a walk opened, closed when it ends: the browser lives as long as the worker, and a page
 * left open keeps polling the server and drawing for every later walk.
 */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

const signedIn = async (browser: Browser, email: string, viewport = { width: 1280, height: 800 }, touch = false) => {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  opened.push(context);
  const page = await context.newPage();
  await signIn(page, email, DEMO.password);
  return page;
};

const sunriseBakery = async (accountant: Page) => {
  const list = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
  return list.results.find((company) => company.name === DEMO.clientCompanyName)!.pk;
};

/** New questions for the client, pushed in through the generic ledger API as the other system would. */
const pushTransactions = async (accountant: Page, companyPk: number, payees: string[]) => {
  const { token } = await apiCall(accountant, genericEndpoints.createToken, { params: { pk: companyPk }, body: { name: uniqueName('Editor e2e') } });
  const transactions = payees.map((payee, i) => ({
    external_id: `${payee}-${i}`,
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    date: '2026-10-28',
    amount: `${20 + i}.00`,
    description: payee.toUpperCase(),
    payee,
    // The demo ledger's accounts by external id: Business Checking, and Uncategorized Expense (watched).
    payment_account: 'demo:account:0',
    watched_account: 'demo:account:2',
  }));
  const response = await accountant.request.post(`${API_PREFIX}/${genericEndpoints.ingestTransactions.path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { transactions },
  });
  expect(response.ok(), await response.text()).toBe(true);
};

test('a client answering at keyboard speed gets every category as typed', async ({ browser }) => {
  // Eight answers in a row, each saved and refetched: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const accountant = await signedIn(browser, DEMO.accountantEmail);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companyPk = await sunriseBakery(accountant);
  const run = uniqueName('Quick');
  const payees = ANSWERS.map((_answer, i) => `${run} shop ${i + 1}`);
  await pushTransactions(accountant, companyPk, payees);

  const client = await signedIn(browser, DEMO.clientEmail);
  await expect(client.getByRole('list', { name: 'Transactions to explain' })).toBeVisible();
  for (const [i, [typed]] of ANSWERS.entries()) {
    await rows(client).filter({ hasText: payees[i]! }).click();
    await expect(editor(client)).toBeVisible();
    // The cursor is in the category picker at once; the fragment and Enter go in without waiting for any search.
    await expect(editor(client).getByRole('combobox', { name: 'Category', exact: true })).toBeFocused();
    await client.keyboard.type(typed);
    await client.keyboard.press('Enter');
    await client.keyboard.press('Control+Enter');
    await expect(editor(client)).toBeHidden();
    await expect(rows(client).filter({ hasText: payees[i]! })).toHaveCount(0);
  }

  const answered = await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk: companyPk }, query: { search: run, page_size: 50 } });
  const saved = Object.fromEntries(answered.results.map((t) => [t.payee, t.lines[0]?.category?.name]));
  expect(saved).toEqual(Object.fromEntries(ANSWERS.map(([, category], i) => [payees[i], category])));
});

test('a refused save says why, beside the buttons; closing keeps a draft', async ({ browser }) => {
  const accountant = await signedIn(browser, DEMO.accountantEmail);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companyPk = await sunriseBakery(accountant);
  await accountant.goto(`/dashboard/accountant/categorized/${companyPk}/`);

  // Esc closes the editor; what was typed is kept as a draft and comes back.
  await accountant.getByRole('button', { name: 'Edit King Arthur Baking' }).click();
  await editor(accountant).getByLabel('Memo').fill('Flour for December');
  await accountant.keyboard.press('Escape');
  await expect(editor(accountant)).toBeHidden();
  await expect(accountant.getByText('Draft', { exact: true })).toBeVisible();
  await accountant.getByRole('button', { name: 'Edit King Arthur Baking' }).click();
  await expect(editor(accountant).getByLabel('Memo')).toHaveValue('Flour for December');
  await editor(accountant).getByRole('button', { name: 'Discard changes' }).click();
  await accountant.keyboard.press('Escape');
  await expect(editor(accountant)).toBeHidden();

  // A coworker publishes the transaction while it is open here: the save that follows is refused, and says why.
  await accountant.getByRole('button', { name: 'Edit Cafe Luna' }).click();
  await expect(editor(accountant)).toBeVisible();
  const categorized = await apiCall(accountant, transactionEndpoints.accountantCategorized, { params: { pk: companyPk }, query: { search: 'Cafe Luna' } });
  const cafe = categorized.results.find((t) => t.payee === 'Cafe Luna')!;
  await apiCall(accountant, transactionEndpoints.publish, { params: { pk: companyPk }, body: { pks: [cafe.pk] } });
  await editor(accountant).getByLabel('Memo').fill('Checked against the bill');
  await editor(accountant).getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = editor(accountant).getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(refusal).toContainText('This transaction can no longer be changed here (status: Published).');
  mkdirSync(shots, { recursive: true });
  await accountant.screenshot({ path: `${shots}/refused-desktop.png` });
});

test('on a phone the inbox keeps its title, the sheet has no keyboard hints, and Back closes it', async ({ browser }) => {
  const client = await signedIn(browser, DEMO.clientEmail, { width: 390, height: 844 }, true);
  const inbox = client.getByRole('list', { name: 'Transactions to explain' });
  await expect(inbox).toBeVisible();
  const title = client.getByText(/transactions? to explain$/);
  await expect(title).toBeVisible();
  // Not cut to an ellipsis: the whole title fits its box.
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await expect(client.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  mkdirSync(shots, { recursive: true });
  await client.screenshot({ path: `${shots}/inbox-phone.png` });

  const inboxUrl = client.url();
  await rows(client).first().click();
  await expect(editor(client)).toBeVisible();
  await expect(editor(client).getByTestId('keyboard-hint')).toHaveCount(0);
  await client.screenshot({ path: `${shots}/editor-phone.png` });
  await client.goBack();
  await expect(editor(client)).toBeHidden();
  expect(client.url()).toBe(inboxUrl);
  await expect(inbox).toBeVisible();
});

test('two tabs editing one transaction: the later save is refused and says what changed; keep mine, take theirs', async ({ browser }) => {
  test.setTimeout(180_000);
  const accountant = await signedIn(browser, DEMO.accountantEmail);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  const companyPk = await sunriseBakery(accountant);
  const payee = uniqueName('Two tabs');
  await pushTransactions(accountant, companyPk, [payee]);

  // The same client in two tabs, the transaction open in both.
  const first = await signedIn(browser, DEMO.clientEmail);
  // Signed in once the list shows: until then the first tab's address is still the sign-in page's.
  await expect(first.getByRole('list', { name: 'Transactions to explain' })).toBeVisible();
  const second = await first.context().newPage();
  // The second tab at a phone's size: the refusal must read there too.
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto(first.url());
  for (const tab of [first, second]) {
    await rows(tab).filter({ hasText: payee }).click();
    await expect(editor(tab).getByLabel('Memo')).toBeVisible();
  }

  // The second tab answers first, and keeps the transaction open (Save, not Done).
  await editor(second).getByRole('combobox', { name: 'Category', exact: true }).click();
  await second.keyboard.type('uti');
  await second.keyboard.press('Enter');
  await expect(editor(second).getByTestId('line-0')).toContainText('Utilities');
  await editor(second).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.getByText('Saved.')).toBeVisible();

  // The first tab's save was made from what it read before: refused, with what the other tab changed, and its memo kept.
  await editor(first).getByLabel('Memo').fill('Paid from the first tab');
  await editor(first).getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = editor(first).getByTestId('edit-conflict');
  await expect(conflict).toContainText('Someone else saved this transaction while you were editing it');
  await expect(conflict).toContainText('Category: none → Utilities');
  await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeInViewport();
  await expect(editor(first).getByLabel('Memo')).toHaveValue('Paid from the first tab');
  mkdirSync(shots, { recursive: true });
  await first.screenshot({ path: `${shots}/edit-conflict-desktop.png` });

  // Keep mine: written over the other tab's answer.
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(first.getByText('Saved.')).toBeVisible();
  await expect(conflict).toBeHidden();
  const listed = async () => {
    const list = await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk: companyPk }, query: { search: payee } });
    return list.results.find((t) => t.payee === payee)!;
  };
  expect(await listed()).toMatchObject({ client_memo: 'Paid from the first tab', lines: [{ category: null }] });

  // Now the second tab is the one behind: its next save is refused; taking theirs brings the first tab's answer in.
  await editor(second).getByLabel('Memo').fill('From the second tab');
  await editor(second).getByRole('button', { name: 'Save', exact: true }).click();
  const behind = editor(second).getByTestId('edit-conflict');
  await expect(behind).toContainText('Memo: empty → “Paid from the first tab”');
  await expect(behind.getByRole('button', { name: 'Take theirs' })).toBeInViewport();
  await second.screenshot({ path: `${shots}/edit-conflict-phone.png` });
  await behind.getByRole('button', { name: 'Take theirs' }).click();
  await expect(behind).toBeHidden();
  await expect(editor(second).getByLabel('Memo')).toHaveValue('Paid from the first tab');
  expect((await listed()).client_memo).toBe('Paid from the first tab');
});
