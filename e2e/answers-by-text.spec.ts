import { expect, test } from '@playwright/test';
import { clientCompanyEndpoints, transactionEndpoints } from '@herd/contract';
import { apiCall, DEMO, signIn } from './helpers';

const PAGE_LOAD = { timeout: 30_000 };

test('the demo client answers three questions from the texting sandbox, and the accountant sees them answered by text', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.accountantEmail, DEMO.password);
  await expect(page.getByRole('heading', { name: DEMO.firmName })).toBeVisible(PAGE_LOAD);
  const company = (await apiCall(page, clientCompanyEndpoints.list, { query: { search: DEMO.clientCompanyName } })).results[0]!;

  // "Notify now": the demo client agreed to texts, so their questions go by text as well as by email.
  await page.goto('/dashboard/accountant/clients/');
  await page.getByRole('button', { name: `Actions for ${DEMO.clientCompanyName}` }).click();
  await page.getByRole('menuitem', { name: 'Notify now' }).click();
  await page.getByRole('button', { name: 'Send reminder' }).click();
  await expect(page.getByText(/^Sent to \d+ (person|people)$/)).toBeVisible(PAGE_LOAD);

  // The texting sandbox shows the questions as the client's phone would, numbered, each with its likely categories.
  await page.goto('/sandbox/twilio/');
  const questions = page
    .getByRole('listitem')
    .filter({ hasText: `${DEMO.firmName}: what were these?` })
    .first();
  await expect(questions).toBeVisible(PAGE_LOAD);
  const lines = (await questions.locator('p').first().innerText()).split('\n');
  const asked = lines.filter((line) => /^\d /.test(line)).slice(0, 3);
  expect(asked).toHaveLength(3);
  for (const line of asked) expect(line).toMatch(/: a\) /);

  // The client texts back from their phone: one reply answers all three.
  await expect(page.getByLabel("From (the client's phone)")).toHaveValue('+12025550143');
  await page.getByLabel('Message').fill('1a 2a 3a');
  await page.getByRole('button', { name: 'Send text' }).click();
  await expect(page.getByText(`Thanks! 3 answers are with ${DEMO.firmName}.`).first()).toBeVisible(PAGE_LOAD);

  // The accountant finds each answered, by text, with the category lettered "a".
  for (const line of asked) {
    const [, payee, choice] = line.match(/^\d+ (.+?) \d\d\/\d\d .*?: a\) (.+?)(?: b\) .*)?$/)!;
    const found = await apiCall(page, transactionEndpoints.accountantCategorized, { params: { pk: company.pk }, query: { search: payee!.slice(0, 12), page_size: 20 } });
    const answered = found.results.find((t) => t.lines[0]?.category?.name === choice);
    expect(answered, `${payee} answered as ${choice}`).toBeDefined();
    const history = await apiCall(page, transactionEndpoints.history, { params: { pk: company.pk, transactionPk: answered!.pk } });
    expect(history.entries.at(-1)).toMatchObject({ action: 'transaction.categorize', via: 'TEXT', actor: { side: 'client' } });
  }

  // In the review drawer, the history says so in words.
  const first = asked[0]!.match(/^\d+ (.+?) \d\d\/\d\d/)![1]!;
  const [row] = (await apiCall(page, transactionEndpoints.accountantCategorized, { params: { pk: company.pk }, query: { search: first.slice(0, 12), page_size: 20 } }))
    .results;
  await page.goto(`/dashboard/accountant/categorized/${company.pk}/?transaction=${row!.pk}`);
  await expect(page.getByText(/^Answered by Casey Baker by text on /)).toBeVisible(PAGE_LOAD);
  await page.screenshot({ path: test.info().outputPath('answered-by-text.png') });
});
