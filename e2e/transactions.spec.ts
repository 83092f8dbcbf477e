import { expect, test, type Page } from '@playwright/test';
import { onePagePdf } from '../apps/server/src/seed/receipt-pdf';
import { DEMO, signIn } from './helpers';

// A 1x1 PNG receipt, written from base64 so the test needs no fixture file.
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const rows = (page: Page) => page.getByTestId('transaction-row');
const editor = (page: Page) => page.getByTestId('transaction-editor');

/** Types into the n-th category picker of the editor and takes the matching option with Enter. */
const chooseCategory = async (page: Page, name: string, nth = 0) => {
  const select = editor(page).getByRole('combobox', { name: 'Category', exact: true }).nth(nth);
  await select.click();
  await select.fill(name);
  // The server answers the search after the debounce; Enter takes the highlighted (first) match.
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toHaveText(name);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveText(name);
  await select.press('Enter');
  await expect(editor(page).getByTestId('line-' + nth)).toContainText(name);
};

/** Ctrl+Enter saves as done; the transaction leaves the list (the demo has two charges of some payees, so one fewer of that title). */
const finish = async (page: Page, title: string) => {
  const before = await rows(page).filter({ hasText: title }).count();
  await page.keyboard.press('Control+Enter');
  await expect(editor(page)).toBeHidden();
  await expect(rows(page).filter({ hasText: title })).toHaveCount(before - 1);
};

test('the client categorizes with the keyboard, the accountant reviews and sends one back', async ({ browser }) => {
  // Three answers, a split, a receipt and the accountant's review in two browsers: close to a minute even on an idle 2-core machine.
  test.setTimeout(150_000);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signIn(client, DEMO.clientEmail, DEMO.password);
  await expect(client.getByRole('list', { name: 'Transactions to explain' })).toBeVisible();
  const count = await rows(client).count();
  expect(count).toBeGreaterThanOrEqual(3);

  // One: j moves down, k back up, Enter opens the first one.
  await client.keyboard.press('j');
  await expect(rows(client).nth(1)).toHaveAttribute('aria-current', 'true');
  await client.keyboard.press('k');
  await expect(rows(client).nth(0)).toHaveAttribute('aria-current', 'true');
  const first = (await rows(client).nth(0).locator('strong').first().textContent()) ?? '';
  await client.keyboard.press('Enter');
  await expect(editor(client)).toBeVisible();
  await chooseCategory(client, 'Office Supplies');
  await finish(client, first);

  // Two: split into two lines that add up.
  const second = (await rows(client).nth(0).locator('strong').first().textContent()) ?? '';
  await client.keyboard.press('Enter');
  await expect(editor(client)).toBeVisible();
  await editor(client).getByRole('button', { name: 'Split' }).click();
  const total = (await editor(client).getByLabel('Line 1 amount').inputValue()).trim();
  const cents = Math.round(Number(total) * 100);
  const part = Math.floor(cents / 2);
  await editor(client)
    .getByLabel('Line 1 amount')
    .fill((part / 100).toFixed(2));
  // The line added by Split follows the remainder until its own amount is typed.
  await expect(editor(client).getByLabel('Line 2 amount')).toHaveValue(((cents - part) / 100).toFixed(2));
  await expect(editor(client).getByTestId('remaining')).toContainText('Remaining: 0.00');
  await chooseCategory(client, 'Office Supplies', 0);
  await chooseCategory(client, 'Meals & Entertainment', 1);
  await finish(client, second);

  // Three: with a receipt attached.
  const third = (await rows(client).nth(0).locator('strong').first().textContent()) ?? '';
  await client.keyboard.press('Enter');
  await expect(editor(client)).toBeVisible();
  await editor(client).locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await expect(editor(client).getByTestId('attachment')).toHaveCount(1);
  await chooseCategory(client, 'Ingredients');
  await finish(client, third);
  await expect(rows(client)).toHaveCount(count - 3);

  // The accountant sees them in Sunrise Bakery's categorized list.
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  await accountant.goto('/dashboard/accountant/clients/');
  await accountant.locator('tr', { hasText: DEMO.clientCompanyName }).getByRole('link', { name: 'Open', exact: true }).click();
  await expect(accountant.getByRole('heading', { name: DEMO.clientCompanyName })).toBeVisible();
  const table = accountant.locator('.ant-table-tbody');
  for (const title of [first, second, third]) await expect(table.locator('tr', { hasText: title }).first()).toBeVisible();
  await expect(table.locator('tr', { hasText: second }).first()).toContainText('Split (2 lines)');

  // Sends the third back with a note.
  // The demo may hold other answers of the same payee: one row fewer of that title, not none.
  const thirdRows = table.locator('tr', { hasText: third });
  const thirdBefore = await thirdRows.count();
  await thirdRows.first().getByRole('checkbox').check();
  await accountant.getByRole('button', { name: 'Send back' }).click();
  const message = 'Which supplier was this receipt from?';
  await accountant.getByLabel('Message to the client').fill(message);
  await accountant.getByRole('dialog').getByRole('button', { name: 'Send back' }).click();
  await expect(thirdRows).toHaveCount(thirdBefore - 1);

  // The client sees it again, with the accountant's message.
  await client.reload();
  const back = rows(client)
    .filter({ hasText: third })
    .filter({ has: client.getByTestId('back-message') });
  await expect(back).toBeVisible();
  await expect(back.getByTestId('back-message')).toContainText(message);

  await clientContext.close();
  await accountantContext.close();
});

test('a PDF receipt shows its first page as the thumbnail', async ({ page }) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await expect(rows(page).first()).toBeVisible();
  await rows(page).first().click();
  await expect(editor(page)).toBeVisible();
  // The transaction may already hold files (an earlier test sends one back with its receipt).
  const attachments = editor(page).getByTestId('attachment');
  const before = await attachments.count();
  await editor(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: onePagePdf('0 0 0 rg 60 200 300 400 re f') });
  await expect(attachments).toHaveCount(before + 1);
  const thumbnail = editor(page)
    .getByTestId('pdf-thumbnail')
    .and(editor(page).getByRole('img', { name: 'invoice.pdf' }));
  await expect(thumbnail).toBeVisible();
  // Drawn from the page: the middle of the square is black, a corner of the page white.
  const [middle, corner] = await thumbnail.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const at = (x: number, y: number) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    return [at(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2)), at(1, 1)];
  });
  expect(middle).toEqual([0, 0, 0]);
  expect(corner).toEqual([255, 255, 255]);
  // Leaves the demo as it was.
  await editor(page).getByRole('button', { name: 'Remove invoice.pdf' }).click();
  await expect(attachments).toHaveCount(before);
});
