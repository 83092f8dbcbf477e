import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { XeroSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerConnections, transactions, users, webhookDeliveries } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { setMfa, signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { startXeroWorld, throughXero, XERO_CLIENT } from '../../../../test/xero.js';

let sim: XeroSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
const newClient = clientMaker(() => t.app, 52);

beforeAll(async () => {
  ({ sim, t } = await startXeroWorld([
    { name: 'North Ltd', transactions: 8 },
    { name: 'South Ltd', transactions: 4 },
  ]));
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const tenant = (index: number) => sim.organisations()[index]!.tenantId;
const sign = (body: string, key = XERO_CLIENT.webhookKey) => createHmac('sha256', key).update(body).digest('base64');
const deliver = (body: string, signature: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/xero/webhooks/', payload: body, headers: { 'content-type': 'application/json', 'x-xero-signature': signature } });

describe('signing up and in with Xero', () => {
  it('signs up a new firm from the Xero login, every organisation ticked its client company, and opens its session', async () => {
    const browser = newClient();
    const page = await throughXero(sim, browser, 'xero/oauth2/signup/', [tenant(0), tenant(1)]);
    expect(page.pathname).toBe('/dashboard/accountant/clients/');
    const profile = (await browser.get('users/profile/')).json();
    expect(profile.email).toBe('sandbox.user@example.com');
    const companies = await t.db.select().from(clientCompanies).where(eq(clientCompanies.connectionKind, 'XERO'));
    expect(companies.map((c) => c.name).sort()).toEqual(['North Ltd', 'South Ltd']);

    // The same login signs up no second firm: it signs in.
    const again = await throughXero(sim, newClient(), 'xero/oauth2/signup/', [tenant(0)]);
    expect(again.pathname).toBe('/auth/xero/');
    expect(again.searchParams.get('xero_error')).toContain('already uses this email');
    const signedIn = newClient();
    expect((await throughXero(sim, signedIn, 'xero/oauth2/signin/', [])).pathname).toBe('/dashboard/');
    expect((await signedIn.get('users/profile/')).json().email).toBe('sandbox.user@example.com');
  });

  it('asks for the second factor after Xero when the person has one, with a half-open session', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, 'sandbox.user@example.com'));
    await setMfa(t.db, user!.pk, 'TOTP');
    const browser = newClient();
    const page = await throughXero(sim, browser, 'xero/oauth2/signin/', []);
    expect(page.pathname).toBe('/auth/xero/');
    expect(page.searchParams.get('mfa')).toBe('totp');
    expect((await browser.get('users/profile/')).statusCode).toBe(401);
    await t.db.update(users).set({ mfaMethod: null }).where(eq(users.pk, user!.pk));
  });

  it('finds nobody for a Xero login never linked, even when a Herd user has its email (a simulator vouches for no email)', async () => {
    await t.db.update(users).set({ email: 'moved@example.com' }).where(eq(users.email, 'sandbox.user@example.com'));
    const [admin] = await t.db.select().from(users).where(eq(users.email, cast.firm.adminEmail));
    await t.db.update(users).set({ email: 'sandbox.user@example.com' }).where(eq(users.pk, admin!.pk));
    const stranger = newClient();
    // Still linked by Xero user id to the firm it signed up: the email no longer decides.
    expect((await throughXero(sim, stranger, 'xero/oauth2/signin/', [])).pathname).toBe('/dashboard/');
    expect((await stranger.get('users/profile/')).json().email).toBe('moved@example.com');
    await t.db.update(users).set({ email: cast.firm.adminEmail }).where(eq(users.pk, admin!.pk));
  });
});

describe('Xero webhooks', () => {
  it('passes Intent to Receive: 200 with no body when signed, 401 when not', async () => {
    const body = JSON.stringify({ events: [], firstEventSequence: 0, lastEventSequence: 0, entropy: 'ABCDEFGHIJ' });
    const good = await deliver(body, sign(body));
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('');
    expect((await deliver(body, sign(body, 'another-key'))).statusCode).toBe(401);
    expect((await deliver(body, '')).statusCode).toBe(401);
  });

  it('pulls each organisation a delivery names, once however often it is delivered', async () => {
    await t.runJobs();
    const [north] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, 'North Ltd'));
    const [south] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, 'South Ltd'));
    const syncedAt = async (pk: number) => (await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk)))[0]!.lastSyncedAt!.getTime();
    const [northBefore, southBefore] = [await syncedAt(north!.pk), await syncedAt(south!.pk)];
    const event = {
      resourceUrl: 'x',
      resourceId: 'y',
      tenantId: tenant(0),
      tenantType: 'ORGANISATION',
      eventCategory: 'INVOICE',
      eventType: 'UPDATE',
      eventDateUtc: new Date().toISOString(),
    };
    const body = JSON.stringify({ events: [event], firstEventSequence: 1, lastEventSequence: 1, entropy: 'KLMNOPQRST' });
    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.provider, 'XERO'))).toHaveLength(1);
    await t.runJobs();
    // North was pulled again; South, not named, was not.
    expect(await syncedAt(north!.pk)).toBeGreaterThan(northBefore);
    expect(await syncedAt(south!.pk)).toBe(southBefore);
  });
});

describe("a client's Xero files", () => {
  it('lists the files Xero holds on the transaction, to the firm that holds it only', async () => {
    const [north] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, 'North Ltd'));
    const [row] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, north!.pk)));
    expect(row).toBeDefined();
    const tokens = sim.connect(tenant(0));
    const collection =
      row!.ledgerEntityType === 'ManualJournal' ? 'ManualJournals' : row!.ledgerEntityType.endsWith('s') ? row!.ledgerEntityType : `${row!.ledgerEntityType}s`;
    const id = row!.externalId.split(':').pop()!;
    const put = await fetch(`${sim.url}/api.xro/2.0/${collection}/${id}/Attachments/receipt.pdf`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'xero-tenant-id': tenant(0), 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: Buffer.from('%PDF-1.4 receipt'),
    });
    expect(put.status).toBe(200);
    const owner = newClient();
    expect((await throughXero(sim, owner, 'xero/oauth2/signin/', [])).pathname).toBe('/dashboard/');
    const held = await owner.get(`accounting/client/transaction/${row!.pk}/xero-attachments/`);
    expect(held.statusCode).toBe(200);
    expect(held.json().attachments).toEqual([expect.objectContaining({ file_name: 'receipt.pdf', mime_type: 'application/pdf', content_length: 16 })]);
    expect((await cast.admin.get(`accounting/client/transaction/${row!.pk}/xero-attachments/`)).statusCode).toBe(404);
  });
});
