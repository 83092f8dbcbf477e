import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerConnections, transactions } from '../../../db/schema/index.js';
import type { TestClient } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { startRestartingApp, type RestartingApp } from '../../../../test/restarting-app.js';

/** Herd run with `npm start` and no Intuit credentials: its own QuickBooks sandbox, restarted on the same DATA_DIR. */
let w: RestartingApp;
beforeAll(async () => {
  w = await startRestartingApp({}, 62);
});
afterAll(async () => w?.close());

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://herd.test');
  return `${parsed.pathname}${parsed.search}`;
};
const realmsOn = (html: string) => [...html.matchAll(/name="realmId" value="(\d+)"/g)].map((m) => m[1]!);

/** A QuickBooks button pressed (`start` answers where the browser goes): the sandbox's consent page and the companies it offers. */
const consentPage = async (browser: TestClient, start: string) => {
  const started = await browser.get(start);
  expect(started.statusCode, started.body).toBe(200);
  const url = started.json().url as string;
  const page = await browser.get(pathOf(url));
  expect(page.statusCode).toBe(200);
  return { url: new URL(url, 'http://herd.test'), offered: realmsOn(page.body) };
};

/** Connects this company and follows the browser back to Herd: the pk of the client company connected. */
const connect = async (browser: TestClient, url: URL, realmId: string) => {
  const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), response_type: 'code', decision: 'connect', realmId });
  const granted = await browser.post(url.pathname, form.toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(granted.statusCode).toBe(302);
  const landed = await browser.get(pathOf(String(granted.headers.location)));
  const connected = new URL(String(landed.headers.location), 'http://herd.test').searchParams.get('qbo_connected');
  expect(connected, String(landed.headers.location)).toBeTruthy();
  return Number(connected);
};

const companiesOfFirm = async (firmId: number) => (await w.db.select().from(clientCompanies).where(eq(clientCompanies.firmId, firmId))).map((c) => c.pk);

describe('the built-in QuickBooks Online sandbox across a restart', () => {
  it('keeps the companies, what Herd wrote and the connections: a pull needs no reconnect, and Reconnect offers the same company', async () => {
    const firm = await createFirm(w.db);
    let admin = w.client();
    await signIn(admin, firm.adminEmail);
    const { url, offered } = await consentPage(admin, 'quickbooks/oauth2/');
    const realmId = offered[0]!;
    const companyPk = await connect(admin, url, realmId);
    await w.runLedgerJobs();
    // Herd writes to QuickBooks: a vendor made from the categorization form.
    const vendor = await admin.post(`accounting/accountant/client-company/${companyPk}/vendors/create/`, { name: 'Harbour Print Co' });
    expect(vendor.statusCode, vendor.body).toBeLessThan(300);

    // A firm made by "Sign up with Intuit", from a company made for that sign-up.
    const newcomer = w.client();
    const signup = await consentPage(newcomer, 'quickbooks/oauth2/signup/');
    const signupRealm = signup.offered[0]!;
    const signupCompanyPk = await connect(newcomer, signup.url, signupRealm);
    const [signedUp] = await w.db.select().from(clientCompanies).where(eq(clientCompanies.pk, signupCompanyPk));
    const held = await w.db.select().from(transactions).where(eq(transactions.clientCompanyId, companyPk));

    await w.restart();
    admin = w.carry(admin);

    // The stored tokens still work: a pull gets through, the company stays connected.
    expect((await admin.post('quickbooks/sync-client/', { client_company: companyPk })).statusCode).toBe(202);
    await w.runLedgerJobs();
    const [connection] = await w.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    expect(connection!.lastSyncError).toBeNull();
    // Every transaction Herd holds is still in the sandbox, and so is the vendor Herd made.
    const missing = held.filter((row) => {
      const [entity, id] = row.externalId.split(':') as [string, string];
      return !w.app.qboSandbox!.getEntity(realmId, entity, id);
    });
    expect(held.length).toBeGreaterThan(10);
    expect(missing.map((row) => row.externalId)).toEqual([]);
    expect(w.app.qboSandbox!.listEntities(realmId, 'Vendor').map((v) => v.DisplayName)).toContain('Harbour Print Co');

    // Reconnect offers the same company and renews the same client company: no second one.
    const before = await companiesOfFirm(firm.firmId);
    const again = await consentPage(admin, `quickbooks/reauth/?client_company=${companyPk}`);
    expect(again.offered).toContain(realmId);
    expect(await connect(admin, again.url, realmId)).toBe(companyPk);
    expect(await companiesOfFirm(firm.firmId)).toEqual(before);

    // The signed-up firm keeps its company: Reconnect offers it and renews the same client company.
    const newcomerAgain = w.carry(newcomer);
    const theirs = await consentPage(newcomerAgain, `quickbooks/reauth/?client_company=${signupCompanyPk}`);
    expect(theirs.offered).toContain(signupRealm);
    expect(theirs.offered).not.toContain(realmId);
    expect(await connect(newcomerAgain, theirs.url, signupRealm)).toBe(signupCompanyPk);
    expect(await companiesOfFirm(signedUp!.firmId)).toEqual([signupCompanyPk]);
  });
});
