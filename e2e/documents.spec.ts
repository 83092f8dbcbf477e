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
/** The chip that follows a drag: how many items it carries (and why a drop there is refused). */
const dragChip = (page: Page) => page.locator('.herd-fb-drag-chip');

/** The middle of the part of an element inside the window: a hand points only at what it can see. */
const visibleMiddle = async (page: Page, target: Locator) => {
  const box = (await target.boundingBox())!;
  const bottom = Math.min(box.y + box.height, page.viewportSize()!.height);
  const top = Math.max(box.y, 0);
  return { x: box.x + box.width / 2, y: (top + bottom) / 2 };
};

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
  // Names of this run only: the year folder keeps what earlier runs moved into it, and it refuses a name it holds.
  const march = `${uniqueName('march')}.pdf`;
  const april = `${uniqueName('april')}.pdf`;
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await clientDropsTwoFiles(await desktop.newPage(), desktopFolder, [march, april], false);
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
  await expect(row(accountant, march)).toBeVisible();
  await expect(row(accountant, april)).toBeVisible();

  // Drag march onto the crumb above; its hover opens the top level, the year folder's hover opens it, and the drop lands there.
  // Each step waits for what the accountant would see before going on, never for a length of time.
  const year = String(new Date().getUTCFullYear());
  const folderPath = accountant.getByRole('navigation', { name: 'Folder path' });
  const crumb = (name: string) => folderPath.getByRole('button', { name, exact: true });
  const from = await visibleMiddle(accountant, row(accountant, march));
  await accountant.mouse.move(from.x, from.y);
  await accountant.mouse.down();
  await accountant.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await expect(dragChip(accountant)).toHaveText('1 item');
  const top = await visibleMiddle(accountant, crumb('Documents'));
  await accountant.mouse.move(top.x, top.y, { steps: 10 });
  // The top level is open: its path is one crumb and it lists the year folder.
  await expect(crumb(desktopFolder)).toBeHidden();
  await expect(row(accountant, year)).toBeVisible();
  const yearRow = await visibleMiddle(accountant, row(accountant, year));
  await accountant.mouse.move(yearRow.x, yearRow.y, { steps: 10 });
  await expect(crumb(year)).toHaveAttribute('aria-current', 'location');
  // Over the open year folder's area (the part in the window, where a hand can reach), which shows it takes the drop.
  const inside = await visibleMiddle(accountant, area(accountant));
  await accountant.mouse.move(inside.x, inside.y, { steps: 5 });
  await expect(area(accountant)).toHaveClass(/area-drop-ok/);
  await accountant.mouse.up();
  await expect(row(accountant, march)).toBeVisible();

  // Back at the top, the client's folder (april left in it) downloads as one zip.
  await accountant.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'Documents' }).click();
  await row(accountant, desktopFolder).click();
  await expect(accountant.getByText(/1 selected/)).toBeVisible();
  await accountant.getByRole('button', { name: /Selection/ }).click();
  const [download] = await Promise.all([accountant.waitForEvent('download'), accountant.getByRole('menuitem', { name: 'Download as zip' }).click()]);
  expect(download.suggestedFilename()).toBe(`${desktopFolder}.zip`);
  const bytes = await (await download.createReadStream()).toArray();
  const zip = Buffer.concat(bytes as Buffer[]);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from(`${desktopFolder}/${april}`))).toBe(true);
  expect(zip.includes(Buffer.from(march))).toBe(false);
  await context.close();
});
