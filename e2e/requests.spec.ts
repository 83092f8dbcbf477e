import { expect, test, type Page } from '@playwright/test';
import { createCanvas } from '@napi-rs/canvas';
import { clientCompanyEndpoints } from '@herd/contract';
import { receiptPdf } from '../apps/server/src/seed/receipt-pdf';
import { apiCall, DEMO, mailedLinkFromOutbox, signIn, uniqueName } from './helpers';

/** The demo accountant's name (apps/server/src/seed/demo.ts), as the client sees who sent a request. */
const ACCOUNTANT_NAME = 'Avery Stone';
/** The demo firm's time zone (the default of firms): the day its schedules and the composer's "today" are judged by. */
const FIRM_ZONE = 'America/New_York';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, timezoneId: FIRM_ZONE };
/** A full page load: a few seconds on an idle machine, but on two busy cores well over one expectation's wait. */
const PAGE_LOAD = { timeout: 60_000 };

// An action that cannot happen fails in a minute with its reason, rather than at the walk's timeout.
test.use({ actionTimeout: 60_000 });

/** Today in the firm's zone, as YYYY-MM-DD. */
const firmToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The same day of the next month, or that month's last day when it is shorter (a schedule on the 31st falls on the 30th in April). */
const sameDayNextMonth = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay)));
};

/** A date as the screens write it: "Dec 26, 2026". */
const shown = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 26 → "26th", as the schedule's sentence says its day. */
const ordinal = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? `${n}th` : `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`);

/** A phone photo of the bank's letter: a real JPEG, drawn on the spot. */
const photoOfLetter = () => {
  const canvas = createCanvas(480, 640);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#d8d2c4';
  ctx.fillRect(0, 0, 480, 640);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(40, 40, 400, 560);
  ctx.fillStyle = '#222222';
  ctx.font = 'bold 26px sans-serif';
  ctx.fillText('First Bank', 70, 100);
  ctx.font = '18px sans-serif';
  ['Account ending 4821', 'Closing balance  $12,408.55', 'Statement date  Oct 31'].forEach((line, i) => ctx.fillText(line, 70, 160 + i * 34));
  return canvas.toBuffer('image/jpeg');
};

/** Picks an option of an antd select by its visible text. */
const choose = async (page: Page, combobox: ReturnType<Page['getByRole']>, option: string) => {
  await combobox.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
};

test('an accountant schedules a monthly checklist with a file, the client answers it on a phone with a photo, and the accountant accepts it', async ({ browser }) => {
  // Two browsers, a dozen page loads and three uploads: well under a minute on an idle machine, several when the cores are busy.
  test.setTimeout(300_000);
  const subject = uniqueName('Month-end papers');
  const textItem = 'Closing balance of the operating account';
  const filesItem = 'Photo of the bank statement';
  const attachmentName = 'month-end-checklist.pdf';
  const photoName = 'statement-photo.jpg';
  const answerText = 'Closing balance was $12,408.55 on Oct 31.';
  const today = firmToday();
  const todayDay = Number(today.slice(8, 10));

  const accountantContext = await browser.newContext({ timezoneId: FIRM_ZONE });
  const phone = await browser.newContext(PHONE);
  try {
    // 1. The accountant opens the company's Requests tab and sets up a monthly request starting today.
    const accountant = await accountantContext.newPage();
    await signIn(accountant, DEMO.accountantEmail, DEMO.password);
    await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible(PAGE_LOAD);
    const companies = await apiCall(accountant, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } });
    const companyPk = companies.results.find((c) => c.name === DEMO.clientCompanyName)!.pk;

    await accountant.goto(`/dashboard/accountant/active/${companyPk}/`);
    await accountant.getByRole('tab', { name: /Requests/ }).click(PAGE_LOAD);
    await expect(accountant).toHaveURL(new RegExp(`/dashboard/accountant/requests/${companyPk}/$`));
    await accountant.getByRole('button', { name: 'New request' }).click(PAGE_LOAD);
    const composer = accountant.getByRole('dialog', { name: 'New request' });
    await expect(composer.getByRole('radio', { name: 'Request' })).toBeChecked(PAGE_LOAD);
    await composer.getByLabel('Subject').fill(subject);
    await composer.getByLabel('Text').fill('Please send these by the 5th so we can close the month.');

    // The checklist: a text answer, then files.
    await composer.getByRole('textbox', { name: /^\W*Item 1$/ }).fill(textItem);
    await choose(accountant, composer.getByRole('combobox', { name: 'Item 1 answer' }), 'Text answer');
    await composer.getByRole('button', { name: 'Add item' }).click();
    await composer.getByRole('textbox', { name: /^\W*Item 2$/ }).fill(filesItem);
    await expect(composer.getByLabel('Checklist item 2')).toContainText('Files');

    // A file shared with the request, uploaded as it is chosen.
    const attachments = composer.getByRole('region', { name: 'Attachments' });
    await attachments.locator('input[type=file]').setInputFiles({
      name: attachmentName,
      mimeType: 'application/pdf',
      buffer: receiptPdf(['Month-end checklist', 'Bank statements for every account', 'Receipts over $75']),
    });
    await expect(attachments.getByText(attachmentName)).toBeVisible(PAGE_LOAD);

    // Monthly, on today's day of the month, starting today (the composer's defaults).
    await choose(accountant, composer.getByRole('combobox', { name: 'Repeat' }), 'Monthly');
    await expect(composer.getByLabel('Starts')).toHaveValue(today);
    await expect(composer.getByRole('region', { name: 'Schedule' })).toContainText(`The ${ordinal(todayDay)}`);
    await expect(composer.getByText('A start date of today sends the first one now.')).toBeVisible();
    await composer.getByRole('button', { name: 'Create schedule' }).click();
    await expect(composer).toBeHidden(PAGE_LOAD);
    await expect(accountant.getByText('Schedule created.')).toBeVisible();

    // Starting today, the first one went out at once: it is in the tab, from the schedule, waiting on the client.
    const row = accountant.locator('[aria-label="Active requests"] tr', { hasText: subject });
    await expect(row).toBeVisible(PAGE_LOAD);
    await expect(row).toContainText('Waiting on the client');
    await expect(row).toContainText('0 of 2 items');

    // 2. The scheduled screen says the schedule in words and its next date, a month from today.
    await accountant.getByRole('link', { name: /^Scheduled View/ }).click();
    const schedule = accountant.locator('[aria-label="Schedules"] tr', { hasText: subject });
    await expect(schedule).toBeVisible(PAGE_LOAD);
    const startsToday = shown(new Date(`${today}T00:00:00Z`));
    const next = shown(sameDayNextMonth(today));
    await expect(schedule).toContainText(`Monthly on the ${ordinal(todayDay)}, from ${startsToday}, with no end date`);
    await expect(schedule.getByRole('cell', { name: next, exact: true })).toBeVisible();
    await expect(schedule).toContainText('1 sent so far');
    await expect(accountant.getByRole('list', { name: 'Coming up' })).toContainText(`${next}${subject}`);

    // 3. The client hears at once by email: on a phone, its sign-in link opens the request, and they answer it.
    const client = await phone.newPage();
    await client.goto(await mailedLinkFromOutbox(client.request, DEMO.clientEmail, subject));
    const drawer = client.getByRole('dialog', { name: subject });
    await expect(drawer).toBeVisible(PAGE_LOAD);
    await expect(client).toHaveURL(new RegExp(`/dashboard/client/company-client/\\?company=${companyPk}&request=\\d+$`));
    const requests = client.getByRole('region', { name: 'Requests' });
    const open = requests.getByRole('button', { name: `Open request ${subject}` });
    // Created by the accountant's own click (a start of today), it comes from them by name.
    await expect(open).toContainText(`From ${ACCOUNTANT_NAME}`);
    await expect(open).toContainText('2 of 2 items to answer');

    const shared = drawer.getByRole('region', { name: 'Shared files' });
    await expect(shared.getByRole('link', { name: attachmentName })).toBeVisible(PAGE_LOAD);
    await expect(shared.getByRole('link', { name: attachmentName })).toHaveAttribute('download', attachmentName);
    await drawer.getByLabel(textItem).fill(answerText);
    // "Take photo" opens the phone's camera; the photo taken is given to its input.
    await expect(drawer.getByRole('button', { name: 'Take photo' })).toBeVisible();
    await drawer.getByLabel(`Take a photo for ${filesItem}`).setInputFiles({ name: photoName, mimeType: 'image/jpeg', buffer: photoOfLetter() });
    await expect(drawer.getByRole('list', { name: `Files for ${filesItem}` }).getByRole('link', { name: photoName })).toBeVisible(PAGE_LOAD);
    await expect(drawer.getByText('Every required item has an answer.')).toBeVisible();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await drawer.getByRole('button', { name: 'Send answers' }).tap();

    await expect(client.getByText(`“${subject}” sent to your accountant.`)).toBeVisible(PAGE_LOAD);
    await expect(drawer).toBeHidden();
    await expect(open).toContainText('With your accountant');
    await expect(open).toContainText('2 of 2 items answered');
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await client.screenshot({ path: test.info().outputPath('request-answered-phone.png'), fullPage: true });

    // 4. The accountant sees the answers, the text and the photo, and accepts them.
    await accountant.goto(`/dashboard/accountant/requests/${companyPk}/`);
    await expect(row).toContainText('Waiting on you', PAGE_LOAD);
    await expect(row).toContainText('Answered');
    await row.getByRole('button', { name: `Open ${subject}` }).click();
    const review = accountant.getByRole('dialog', { name: subject });
    const answers = review.getByRole('region', { name: 'Answers' });
    await expect(answers.getByRole('listitem', { name: `Item 1: ${textItem}` })).toContainText(answerText, PAGE_LOAD);
    await expect(answers.getByRole('listitem', { name: `Item 2: ${filesItem}` }).getByRole('link', { name: photoName })).toBeVisible();
    await expect(review.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: attachmentName })).toBeVisible();
    await review.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Accept' }).click();

    // Accepted, it leaves the active list (and the drawer closes with it) for the completed one.
    await expect(review).toBeHidden(PAGE_LOAD);
    await expect(row).toHaveCount(0);
    await accountant.getByRole('link', { name: /^Completed \d+ requests?$/ }).click();
    await expect(accountant.getByRole('heading', { name: 'Completed requests' })).toBeVisible(PAGE_LOAD);
    const done = accountant.locator('[aria-label="Completed requests"] tr', { hasText: subject });
    await expect(done).toBeVisible(PAGE_LOAD);
    await expect(done).toContainText('Done');
    await expect(done).toContainText('2 of 2 items');
  } finally {
    await phone.close();
    await accountantContext.close();
  }
});
