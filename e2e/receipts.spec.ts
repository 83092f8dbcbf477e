import { expect, test, type Page } from '@playwright/test';
import { clientCompanyEndpoints, clientUserEndpoints, receiptEndpoints, testingEndpoints, transactionEndpoints, type Receipt, type Transaction } from '@herd/contract';
import { renderReceipt, type ReceiptSpec } from '../apps/server/test/receipt-images';
import { apiCall, DEMO, magicCodeFromOutbox, signIn, uniqueEmail } from './helpers';

// The built-in QuickBooks sandbox's other company: the QuickBooks walk connects Sandbox Landscaping.
const SANDBOX_COMPANY = 'Sandbox Bakery Co. (sandbox)';
/** Payees of the sandbox's vendors whose names print plainly on a till roll (no "&", no long agency names). */
const PRINTABLE_PAYEES = ['Office Depot', 'Staples', 'Chevron', 'Uber', 'Starbucks', 'Comcast', 'Hicks Hardware', 'Lee Advertising'];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** A full page load: a few seconds on an idle machine, but on two busy cores well over one expectation's wait. */
const PAGE_LOAD = { timeout: 60_000 };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A card or cash purchase of the sandbox company that one receipt can only match one way: no other
 * charge sits where the matcher looks for this receipt (5 cents below to a quarter above its
 * amount, 2 days before to 10 days after its date), so the match is the receipt's and not a guess.
 */
const chargeWithoutRivals = (charges: Transaction[]): Transaction | undefined => {
  const spending = charges.filter((t) => t.type === 'EXPENSE' || t.type === 'BILL');
  return spending.find((charge) => {
    const amount = cents(charge.amount);
    const plain =
      charge.type === 'EXPENSE' &&
      ['PURCHASE', 'CREDIT_CARD_CHARGE'].includes(charge.subtype) &&
      PRINTABLE_PAYEES.includes(charge.payee) &&
      amount >= 500 &&
      amount < 100_000 &&
      charge.lines.length === 1;
    if (!plain) return false;
    return !spending.some(
      (other) =>
        other.pk !== charge.pk &&
        cents(other.amount) >= amount - 5 &&
        cents(other.amount) <= amount * 1.25 &&
        daysBetween(charge.date, other.date) >= -2 &&
        daysBetween(charge.date, other.date) <= 10,
    );
  });
};

/** The till receipt of that purchase: the payee's name on top, its date, and its amount as the total. */
const receiptOf = (charge: Transaction): ReceiptSpec => {
  const total = (cents(charge.amount) / 100).toFixed(2);
  return {
    name: `${charge.payee} receipt`,
    lines: [
      { left: charge.payee.toUpperCase(), size: 30, center: true, bold: true },
      { left: '1200 Main Street, Springfield', center: true },
      { left: 'Tel 555-0134', center: true },
      { left: '' },
      { left: `Date: ${charge.date}  10:42` },
      { left: '' },
      { left: 'Supplies', right: total },
      { left: '' },
      { left: 'SUBTOTAL', right: total },
      { left: 'TAX', right: '0.00' },
      { left: 'TOTAL', right: `$${total}`, bold: true, size: 26 },
      { left: 'VISA', right: total },
      { left: '' },
      { left: 'Thank you!', center: true },
    ],
    locale: 'en-US',
    expected: { vendor: charge.payee, date: charge.date, total, currency: 'USD' },
  };
};

/**
 * What the client's screen says about the match, in one place: the row says it is matched, and the
 * receipt opened shows the charge (its payee and amount) and why Herd paired them, in words.
 */
const expectMatchShownToClient = async (client: Page, row: ReturnType<Page['getByTestId']>, charge: { payee: string; amount: string }) => {
  await expect(row.getByText('Matched to a transaction')).toBeVisible();
  await row.getByRole('button', { name: /^Open receipt/ }).tap();
  const matched = client.getByRole('dialog').getByRole('group', { name: 'Matched charge' });
  await expect(matched).toContainText(charge.payee, PAGE_LOAD);
  await expect(matched).toContainText(charge.amount);
  await expect(matched.getByLabel('Why it matches')).toContainText(`amount matches exactly (${charge.amount} USD)`);
  await expect(matched.getByLabel('Why it matches')).toContainText('same day');
  // Who matched it, and each part out of its weight.
  await expect(matched.getByLabel('Why it matches')).toContainText('Herd matched it by itself');
  await expect(matched.getByLabel('Why it matches')).toContainText('Amount 0.45 of 0.45');
  await client.keyboard.press('Escape');
  await expect(client.getByRole('dialog')).toBeHidden();
};

test('a client photographs a receipt on a phone, Herd reads it and matches it to the charge, and the accountant publishes it with the receipt to QuickBooks', async ({
  browser,
}) => {
  // A pull, seconds of OCR, a match and a publish through two browsers: under a minute on an idle
  // two-core machine, several times that when the cores are busy with other work.
  test.setTimeout(300_000);
  const accountantContext = await browser.newContext();
  const phone = await browser.newContext(PHONE);
  try {
    const accountant = await accountantContext.newPage();
    await signIn(accountant, DEMO.accountantEmail, DEMO.password);
    await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible(PAGE_LOAD);

    // The accountant connects the sandbox company; its first pull brings the bank's charges.
    await accountant.goto('/dashboard/accountant/clients/');
    await accountant.getByRole('button', { name: 'Connect QuickBooks' }).click();
    await expect(accountant.getByRole('heading', { name: 'QuickBooks Online sandbox' })).toBeVisible(PAGE_LOAD);
    await accountant.getByLabel(new RegExp(SANDBOX_COMPANY.replace(/[().]/g, '\\$&'))).check();
    await accountant.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(accountant.locator('tr', { hasText: SANDBOX_COMPANY })).toBeVisible(PAGE_LOAD);
    const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: 'Sandbox Bakery' } });
    const companyPk = companies.results.find((c) => c.name.startsWith('Sandbox Bakery'))!.pk;
    const charges = async () => (await apiCall(accountant, transactionEndpoints.accountantActive, { params: { pk: companyPk }, query: { page_size: 100 } })).results;
    await expect.poll(async () => (await charges()).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const charge = chargeWithoutRivals(await charges());
    expect(charge, 'a plain purchase among the sandbox company’s charges').toBeDefined();
    const spec = receiptOf(charge!);
    const fileName = `${charge!.payee.toLowerCase().replace(/\W+/g, '-')}-receipt.jpg`;

    // The company's client is invited and opens the emailed link on a phone.
    const email = uniqueEmail('receipt-client');
    await apiCall(accountant, clientUserEndpoints.invite, { body: { email, first_name: 'Rita', last_name: 'Baker', client_company: companyPk } });
    const client = await phone.newPage();
    await client.goto(`/auth/?magic=${encodeURIComponent(await magicCodeFromOutbox(accountant.request, email))}`);
    const upload = client.getByRole('region', { name: 'Upload receipts' });
    await expect(upload).toBeVisible(PAGE_LOAD);

    // A photo of the receipt, chosen from the phone through the Receipts card.
    const chooser = client.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Choose files' }).tap();
    await (await chooser).setFiles({ name: fileName, mimeType: 'image/jpeg', buffer: renderReceipt(spec, { name: 'straight photo', format: 'jpeg' }) });
    await expect(upload.getByTestId('upload-item').filter({ hasText: fileName })).toContainText('Uploaded');

    // Read on the server and matched to the charge: it leaves the waiting list for Completed, without a reload.
    const completedLink = client.getByRole('link', { name: 'Completed (1)' });
    await expect(completedLink).toBeVisible({ timeout: 60_000 });
    await expect(client.getByTestId('receipt-row')).toHaveCount(0);
    await completedLink.tap();
    const row = client.getByTestId('receipt-row').filter({ hasText: spec.expected.vendor });
    await expect(row).toBeVisible(PAGE_LOAD);
    await expect(row).toContainText(`${spec.expected.total} USD`);
    await expect(row).toContainText(new Date(`${spec.expected.date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
    await expectMatchShownToClient(client, row, { payee: charge!.payee, amount: spec.expected.total });
    // The charge it was matched to is the one the receipt shows.
    const completed = await apiCall(client, receiptEndpoints.clientCompleted, { params: { pk: companyPk } });
    expect(completed.results.map((r: Receipt) => [r.file.name, r.status, r.transaction])).toEqual([[fileName, 'MATCHED_TO_PLATFORM', charge!.pk]]);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await client.screenshot({ path: test.info().outputPath('receipt-matched-phone.png'), fullPage: true });

    // The accountant finds the receipt on the charge, answers it and publishes it.
    await accountant.goto(`/dashboard/accountant/active/${companyPk}/?transaction=${charge!.pk}`);
    const editor = accountant.getByTestId('transaction-editor');
    await expect(editor.getByRole('region', { name: 'Attachments' }).locator(`a[title="${fileName}"]`)).toBeVisible(PAGE_LOAD);
    const category = editor.getByRole('combobox', { name: 'Category', exact: true }).first();
    await category.click();
    await category.fill('Office Supplies');
    await expect(accountant.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveText('Office Supplies');
    await category.press('Enter');
    await editor.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(editor).toBeHidden(PAGE_LOAD);
    await accountant.getByRole('tab', { name: /Categorized/ }).click();
    // The Categorized list itself, not the Active one still on screen while it loads (it has other rows of this payee).
    await expect(accountant.getByRole('tab', { name: /Categorized/ })).toHaveAttribute('aria-selected', 'true');
    await expect(accountant).toHaveURL(/\/categorized\//);
    await expect(accountant.getByTestId('table-skeleton')).toHaveCount(0);
    await accountant
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: charge!.payee })
      .getByRole('button', { name: `Edit ${charge!.payee}` })
      .click(PAGE_LOAD);
    await editor.getByRole('button', { name: 'Publish' }).click(PAGE_LOAD);
    // Once published the drawer follows the row and shows it read-only, outside the editor.
    await expect(accountant.getByRole('dialog', { name: 'Review' }).getByTestId('review-status')).toHaveText('Published', { timeout: 60_000 });

    // The sandbox company now holds the photo, attached to that purchase.
    const attachables = await apiCall(accountant, testingEndpoints.qboSandboxAttachables, { params: { pk: charge!.pk } });
    expect(attachables.map((a) => [a.FileName, a.ContentType])).toEqual([[fileName, 'image/jpeg']]);
  } finally {
    await phone.close();
    await accountantContext.close();
  }
});
