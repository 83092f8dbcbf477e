import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueName } from './helpers';

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** Drops files from the "desktop" on an element, as a browser delivers them: dragenter, dragover, drop with a DataTransfer of Files. */
const dropFiles = async (page: Page, target: Locator, names: string[]) => {
  const dataTransfer = await page.evaluateHandle(
    ({ names, body }) => {
      const transfer = new DataTransfer();
      for (const name of names) transfer.items.add(new File([body], name, { type: 'application/pdf' }));
      return transfer;
    },
    { names, body: PDF },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
};

/** An item of the open folder by its exact name (a row's text also holds its date). */
const row = (page: Page, name: string) => page.locator(`[role="option"][title="${name}"]`);
const area = (page: Page) => page.getByRole('listbox', { name: 'Files and folders' });

/** The client opens their Documents, makes a folder, opens it and drops two files into it. */
const clientDropsTwoFiles = async (page: Page, folder: string, files: string[], phone: boolean) => {
  await signIn(page, DEMO.clientEmail, DEMO.password);
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(row(page, 'Receipts')).toBeVisible();
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Name').fill(folder);
  await page.getByRole('button', { name: 'Create' }).click();
  // A tap opens on a phone; a double click on a desktop.
  if (phone) await row(page, folder).tap();
  else await row(page, folder).dblclick();
  await expect(page.getByText('Nothing to show')).toBeVisible();
  await dropFiles(page, area(page), files);
  for (const name of files) await expect(row(page, name)).toBeVisible();
  await expect(page.getByText('2 items')).toBeVisible();
};

test('a client drops two files into a new folder on a desktop and a phone; the accountant moves one into a year folder by dragging and downloads a folder as a zip', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const desktopFolder = uniqueName('Statements');
  const phoneFolder = uniqueName('Phone');
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await clientDropsTwoFiles(await desktop.newPage(), desktopFolder, ['march.pdf', 'april.pdf'], false);
  await desktop.close();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await clientDropsTwoFiles(phonePage, phoneFolder, ['w2.pdf', '1099.pdf'], true);
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const accountant = await context.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();
  // The bell says the client added files; it opens the folder.
  await accountant.getByRole('button', { name: /notifications/i }).click();
  await accountant.getByText(`${DEMO.clientCompanyName} added 2 files to “${desktopFolder}”`).click();
  await expect(row(accountant, 'march.pdf')).toBeVisible();
  await expect(row(accountant, 'april.pdf')).toBeVisible();

  // Drag march.pdf onto the crumb above; its hover opens the top level, the year folder's hover opens it, and the drop lands there.
  const year = String(new Date().getUTCFullYear());
  const file = await row(accountant, 'march.pdf').boundingBox();
  await accountant.mouse.move(file!.x + 40, file!.y + file!.height / 2);
  await accountant.mouse.down();
  await accountant.mouse.move(file!.x + 60, file!.y + file!.height / 2 + 10, { steps: 5 });
  const top = await accountant.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'Documents' }).boundingBox();
  await accountant.mouse.move(top!.x + top!.width / 2, top!.y + top!.height / 2, { steps: 10 });
  await expect(row(accountant, year)).toBeVisible({ timeout: 5_000 });
  const yearBox = await row(accountant, year).boundingBox();
  await accountant.mouse.move(yearBox!.x + 80, yearBox!.y + yearBox!.height / 2, { steps: 10 });
  await expect(accountant.getByRole('navigation', { name: 'Folder path' })).toContainText(year, { timeout: 5_000 });
  const areaBox = await area(accountant).boundingBox();
  await accountant.mouse.move(areaBox!.x + areaBox!.width / 2, areaBox!.y + areaBox!.height - 40, { steps: 5 });
  await accountant.mouse.up();
  await expect(row(accountant, 'march.pdf')).toBeVisible();

  // Back at the top, the client's folder (april.pdf left in it) downloads as one zip.
  await accountant.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'Documents' }).click();
  await row(accountant, desktopFolder).click();
  await expect(accountant.getByText(/1 selected/)).toBeVisible();
  await accountant.getByRole('button', { name: /Selection/ }).click();
  const [download] = await Promise.all([accountant.waitForEvent('download'), accountant.getByRole('menuitem', { name: 'Download as zip' }).click()]);
  expect(download.suggestedFilename()).toBe(`${desktopFolder}.zip`);
  const bytes = await (await download.createReadStream()).toArray();
  const zip = Buffer.concat(bytes as Buffer[]);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from(`${desktopFolder}/april.pdf`))).toBe(true);
  expect(zip.includes(Buffer.from('march.pdf'))).toBe(false);
  await context.close();
});
