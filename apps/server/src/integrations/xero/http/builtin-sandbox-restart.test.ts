import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerAccounts, ledgerConnections, transactions } from '../../../db/schema/index.js';
import type { TestClient } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { startRestartingApp, type RestartingApp } from '../../../../test/restarting-app.js';
import { XERO_TRANSACTION_ENTITIES, type XeroEntity } from '../xero-transaction-map.js';

/** Herd run with `npm start` and no Xero credentials: its own Xero sandbox, restarted on the same DATA_DIR. */
let w: RestartingApp;
beforeAll(async () => {
  w = await startRestartingApp({}, 61);
});
afterAll(async () => w?.close());

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://herd.test');
  return `${parsed.pathname}${parsed.search}`;
};
const tenantsOn = (html: string) => [...html.matchAll(/name="tenantId" value="([0-9a-f-]+)"/g)].map((m) => m[1]!);

/** A Xero button pressed (`start` answers where the browser goes): the sandbox's consent page and the organisations it offers. */
const consentPage = async (browser: TestClient, start: string) => {
  const started = await browser.get(start);
  expect(started.statusCode, started.body).toBe(200);
  const url = started.json().url as string;
  const page = await browser.get(pathOf(url));
  expect(page.statusCode).toBe(200);
  return { url: new URL(url, 'http://herd.test'), offered: tenantsOn(page.body) };
};

/** Ticks these organisations and follows the browser back to Herd: the pk of the client company connected. */
const allow = async (browser: TestClient, url: URL, tenantIds: string[]) => {
  const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'allow' });
  for (const tenantId of tenantIds) form.append('tenantId', tenantId);
  const granted = await browser.post(url.pathname, form.toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(granted.statusCode).toBe(302);
  const landed = await browser.get(pathOf(String(granted.headers.location)));
  const connected = new URL(String(landed.headers.location), 'http://herd.test').searchParams.get('xero_connected');
  expect(connected, String(landed.headers.location)).toBeTruthy();
  return Number(connected);
};

const companiesOfFirm = async (firmId: number) => (await w.db.select().from(clientCompanies).where(eq(clientCompanies.firmId, firmId))).map((c) => c.pk);
const connectionOf = async (companyPk: number) => (await w.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk)))[0]!;

describe('the built-in Xero sandbox across a restart', () => {
  it('keeps the organisations, their edits and the connections: a pull needs no reconnect, and Reconnect offers the same organisation', async () => {
    const firm = await createFirm(w.db);
    let admin = w.client();
    await signIn(admin, firm.adminEmail);
    const { url, offered } = await consentPage(admin, 'xero/oauth2/');
    const tenantId = offered[0]!;
    const companyPk = await allow(admin, url, [tenantId]);
    await w.runLedgerJobs();

    // Herd publishes an answer: the sandbox's bank transaction takes its line.
    const [ready] = await w.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.subtype, 'SPEND'), eq(transactions.status, 'READY')))
      .orderBy(transactions.pk);
    const [office] = await w.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, 'Office Expenses')));
    const base = `accounting/accountant/client-company/${companyPk}/transactions`;
    const lines = [{ amount: ready!.amount, category: office!.pk, description: 'Printer paper, kept across restarts' }];
    expect((await admin.patch(`${base}/update/`, { transactions: [{ pk: ready!.pk, lines, finished: true }] })).statusCode).toBe(200);
    expect((await admin.post(`${base}/publish/`, { pks: [ready!.pk] })).statusCode).toBeLessThan(300);
    await w.runLedgerJobs();
    const bankTransactionId = ready!.externalId.split(':').pop()!;
    const published = () => w.app.xeroSandbox!.getEntity(tenantId, 'BankTransactions', bankTransactionId);
    expect(JSON.stringify(published())).toContain('Printer paper, kept across restarts');

    // A firm made by "Sign up with Xero", from an organisation made for that sign-up.
    const newcomer = w.client();
    const signup = await consentPage(newcomer, 'xero/oauth2/signup/');
    const signupTenant = signup.offered[0]!;
    const signupCompanyPk = await allow(newcomer, signup.url, [signupTenant]);
    const [signedUp] = await w.db.select().from(clientCompanies).where(eq(clientCompanies.pk, signupCompanyPk));
    const held = await w.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk));

    await w.restart();
    admin = w.carry(admin);

    // The stored tokens still work: a pull gets through, the company stays connected.
    expect((await admin.post('xero/sync-client/', { client_company: companyPk })).statusCode).toBe(202);
    await w.runLedgerJobs();
    const connection = await connectionOf(companyPk);
    expect(connection.lastSyncError).toBeNull();
    expect((await admin.get(`xero/profile/?client_company=${companyPk}`)).json()).toMatchObject({ external_company_id: tenantId });
    // Every transaction Herd holds is still in the sandbox, the published one with Herd's edit.
    const missing = held.filter((row) => {
      const [entity, id] = row.externalId.split(':') as [XeroEntity, string];
      return !w.app.xeroSandbox!.getEntity(tenantId, XERO_TRANSACTION_ENTITIES[entity].collection, id);
    });
    expect(held.length).toBeGreaterThan(10);
    expect(missing.map((row) => row.externalId)).toEqual([]);
    expect(JSON.stringify(published())).toContain('Printer paper, kept across restarts');

    // Reconnect offers the same organisation and renews the same client company: no second one.
    const before = await companiesOfFirm(firm.firmId);
    const again = await consentPage(admin, `xero/reauth/?client_company=${companyPk}`);
    expect(again.offered).toContain(tenantId);
    expect(await allow(admin, again.url, [tenantId])).toBe(companyPk);
    expect(await companiesOfFirm(firm.firmId)).toEqual(before);

    // The signed-up firm keeps its organisation: Reconnect offers it and renews the same company.
    const newcomerAgain = w.carry(newcomer);
    const theirs = await consentPage(newcomerAgain, `xero/reauth/?client_company=${signupCompanyPk}`);
    expect(theirs.offered).toContain(signupTenant);
    expect(theirs.offered).not.toContain(tenantId);
    expect(await allow(newcomerAgain, theirs.url, [signupTenant])).toBe(signupCompanyPk);
    expect(await companiesOfFirm(signedUp!.firmId)).toEqual([signupCompanyPk]);
  });
});
