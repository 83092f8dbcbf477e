import { expect, test, type Page } from '@playwright/test';
import { clientCompanyEndpoints, coworkerEndpoints, notificationEndpoints } from '@herd/contract';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail, uniqueName } from './helpers';

const rows = (page: Page) => page.getByTestId('transaction-row');
const editor = (page: Page) => page.getByTestId('transaction-editor');
/** The bell asks for its count every 30 seconds while the tab is in view: a change shows within that, with no reload. */
const BELL_POLL = { timeout: 45_000 };
const PAGE_LOAD = { timeout: 60_000 };

test.use({ actionTimeout: 60_000 });

/** The client answers the first transaction waiting: a category, then Ctrl+Enter (saved as done). Answers its title. */
const finishFirst = async (client: Page) => {
  const before = await rows(client).count();
  const title = (await rows(client).nth(0).locator('strong').first().textContent()) ?? '';
  await client.keyboard.press('Enter');
  await expect(editor(client)).toBeVisible();
  const select = editor(client).getByRole('combobox', { name: 'Category', exact: true }).first();
  await select.click();
  await select.fill('Office Supplies');
  await expect(client.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveText('Office Supplies');
  await select.press('Enter');
  await client.keyboard.press('Control+Enter');
  await expect(editor(client)).toBeHidden();
  await expect(rows(client)).toHaveCount(before - 1);
  return title;
};

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('the accountant’s bell counts a client’s answers without a reload, and a colleague mentioned in a note hears of it', async ({ browser }) => {
  // Three browsers and a bell that polls every 30 seconds: a few minutes on two busy cores.
  test.setTimeout(300_000);
  const colleagueEmail = uniqueEmail('mentioned');
  const colleagueLast = `Tally ${uniqueName('').trim()}`;
  const colleagueName = `Tess ${colleagueLast}`;
  const noteText = 'please check the category of this one.';

  const accountantContext = await browser.newContext();
  const clientContext = await browser.newContext();
  const colleagueContext = await browser.newContext();
  try {
    // The accountant is signed in, with the bell in view; a second member of the firm is invited.
    const accountant = await accountantContext.newPage();
    await signIn(accountant, DEMO.accountantEmail, DEMO.password);
    await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible(PAGE_LOAD);
    await apiCall(accountant, coworkerEndpoints.invite, { body: { email: colleagueEmail, first_name: 'Tess', last_name: colleagueLast, role: 'CLIENT_ADMIN' } });
    const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
    const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;
    await expect(bell(accountant)).toBeVisible();
    // Answers a client gives one after another join the unread entry of that company (an earlier walk may have left one): start read.
    await apiCall(accountant, notificationEndpoints.markRead, { body: { all: true } });
    await accountant.reload();
    await expect(bell(accountant)).toHaveAttribute('aria-label', /^Notifications(, 0 unread)?$/);
    const unreadBefore = 0;

    // The client finishes two transactions.
    const client = await clientContext.newPage();
    await signIn(client, DEMO.clientEmail, DEMO.password);
    await expect(client.getByRole('list', { name: 'Transactions to explain' })).toBeVisible(PAGE_LOAD);
    await finishFirst(client);
    await finishFirst(client);

    // The accountant's bell counts them, without a reload.
    await expect(bell(accountant)).toHaveAttribute('aria-label', new RegExp(`Notifications, (?!${unreadBefore} unread)\\d+ unread`), BELL_POLL);
    await bell(accountant).click();
    const answered = accountant.getByRole('button', { name: /^Unread: .*answered/ }).first();
    await expect(answered).toBeVisible();
    await answered.click();
    await expect(accountant).toHaveURL(new RegExp(`/dashboard/accountant/categorized/${companyPk}/`));

    // It opens one of them and writes a note mentioning the colleague.
    await accountant
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(editor(accountant)).toBeVisible();
    const box = editor(accountant).getByLabel('New note');
    await box.click();
    await box.pressSequentially('@Tess');
    await accountant.locator('.ant-mentions-dropdown:visible .ant-mentions-dropdown-menu-item', { hasText: colleagueName }).click();
    await box.pressSequentially(noteText);
    await editor(accountant).getByRole('button', { name: 'Add note' }).click();
    // The colleague's name is this try's own: a retry finds its note, not the one an earlier try left on the same transaction.
    await expect(editor(accountant).getByTestId('note').filter({ hasText: noteText }).getByTestId('mention').filter({ hasText: colleagueName })).toHaveText(
      `@${colleagueName}`,
    );

    // The colleague signs in from the invitation and sees the mention in their bell.
    const code = await magicCodeFromOutbox(accountant.request, colleagueEmail);
    const colleague = await colleagueContext.newPage();
    await colleague.goto(`/auth/?magic=${encodeURIComponent(code)}`);
    await expect(colleague).toHaveURL(/\/dashboard\/accountant\/$/, PAGE_LOAD);
    await expect(bell(colleague)).toHaveAttribute('aria-label', /Notifications, \d+ unread/, BELL_POLL);
    await bell(colleague).click();
    await expect(colleague.getByRole('button', { name: /^Unread: Avery Stone mentioned you on a transaction of Sunrise Bakery LLC/ })).toBeVisible();
  } finally {
    await Promise.all([accountantContext.close(), clientContext.close(), colleagueContext.close()]);
  }
});
