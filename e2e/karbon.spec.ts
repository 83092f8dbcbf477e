import { expect, test } from '@playwright/test';
import { testingEndpoints } from '@herd/contract';
import { answerFirstTransaction, apiCall, DEMO, signIn } from './helpers';

test('a firm admin connects the sandbox Karbon and links a client; the client finishes a transaction and the sandbox Karbon holds the note', async ({ browser }) => {
  test.setTimeout(120_000);
  const accountantContext = await browser.newContext();
  const accountant = await accountantContext.newPage();
  await signIn(accountant, DEMO.accountantEmail, DEMO.password);
  await expect(accountant.getByRole('heading', { name: DEMO.firmName })).toBeVisible();

  // Settings → Integrations: the sandbox Karbon, made for this firm.
  await accountant.goto('/settings/accountant/?tab=integrations');
  await accountant.getByRole('button', { name: 'Connect the sandbox Karbon' }).click();
  await expect(accountant.getByText('Client companies in Karbon')).toBeVisible();

  // The demo client's company is linked to the first Karbon organization offered.
  const row = accountant.locator('tr', { hasText: DEMO.clientCompanyName });
  const picker = row.getByRole('combobox', { name: 'Karbon client' });
  await picker.click();
  const option = accountant.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toBeVisible();
  const organization = ((await option.textContent()) ?? '').split(' · ')[0]!.split(' (')[0]!.trim();
  await option.click();
  await expect(row.getByText('Linked')).toBeVisible();
  await expect(row).toContainText(organization);

  // The client finishes one transaction.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signIn(client, DEMO.clientEmail, DEMO.password);
  await answerFirstTransaction(client);

  // The sandbox Karbon holds the note on that organization's timeline (sent as the minute's sweep would).
  await expect
    .poll(
      async () =>
        (await apiCall(accountant, testingEndpoints.karbonSandboxNotes, {})).some((note) => note.subject.startsWith(`Herd: ${DEMO.clientCompanyName} answered`)),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);

  await clientContext.close();
  await accountantContext.close();
});
