import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { companyFromRedirect, connectQbo, openSealed, QBO_CLIENT, startQboWorld } from '../../../../test/qbo.js';
import type { QboSimulator } from '@herd/simulators';
import type { TestApp } from '../../../../test/harness.js';

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 40 }, { transactions: 10 }]));
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 41),
  );
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const realm = () => sim.companies()[0]!.realmId;
const qboError = (location: unknown) => new URL(String(location), 'http://herd.test').searchParams.get('qbo_error') ?? '';

describe('connecting QuickBooks Online', () => {
  it('connects through Intuit’s consent, stores the realm with encrypted tokens, names the company and pulls it', async () => {
    const back = await connectQbo(sim, cast.admin, realm());
    expect(back.statusCode).toBe(302);
    const pk = companyFromRedirect(back.headers.location as string);
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, pk));
    expect(company).toMatchObject({ firmId: cast.firm.firmId, connectionKind: 'QBO', connectionState: 'CONNECTED', name: sim.companies()[0]!.name });
    const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk));
    expect(connection).toMatchObject({ externalCompanyId: realm(), provider: 'QBO', syncState: 'QUEUED', pullMode: 'FULL', sandbox: true });
    // Tokens are stored sealed, and open to working tokens.
    expect(connection!.accessTokenEnc).toMatch(/^v1\./);
    expect(connection!.refreshTokenEnc).toMatch(/^v1\./);
    const access = openSealed(t, connection!.accessTokenEnc!);
    expect(connection!.accessTokenEnc).not.toContain(access);

    await t.runJobs();
    const list = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/?page_size=100`)).json();
    expect(list.count).toBeGreaterThan(0);
    const profile = (await cast.admin.get(`quickbooks/profile/?client_company=${pk}`)).json();
    expect(profile).toMatchObject({ client_company: pk, external_company_id: realm(), state: 'IDLE', last_error: null, sandbox: true, connection_state: 'CONNECTED' });
    expect(profile.last_synced_at).not.toBeNull();
  });

  it('refuses a callback whose state was forged or started in another browser', async () => {
    const started = await cast.admin.get('quickbooks/oauth2/');
    const consent = await fetch(started.json().url as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    // Another signed-in accountant replays the callback: their browser has no matching nonce.
    const replay = await cast.clientAdmin.get(`${back.pathname}${back.search}`);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toContain('qbo_error=');
    const forged = await cast.admin.get(`quickbooks/oauth2/?code=abc&realmId=${realm()}&state=${encodeURIComponent('eyJ9.forged')}`);
    expect(forged.headers.location).toContain('qbo_error=');
  });

  it('says when the person declined at Intuit', async () => {
    const started = await cast.admin.get('quickbooks/oauth2/');
    const state = new URL(started.json().url as string).searchParams.get('state')!;
    const back = await cast.admin.get(`quickbooks/oauth2/?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(qboError(back.headers.location)).toContain('access was not granted');
  });

  it('lets only firm and client admins connect, and never another firm’s company', async () => {
    expect((await cast.client.get('quickbooks/oauth2/')).statusCode).toBe(403);
    expect((await cast.teamMember.get('quickbooks/oauth2/')).statusCode).toBe(403);
    expect((await cast.anonymous.get('quickbooks/oauth2/')).statusCode).toBe(401);
    const [mine] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.firmId, cast.firm.firmId));
    expect((await cast.otherFirmAdmin.get(`quickbooks/oauth2/?client_company=${mine!.pk}`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`quickbooks/profile/?client_company=${mine!.pk}`)).statusCode).toBe(404);
  });

  it('puts a company whose refresh is refused in NEEDS_REAUTH, and reauth restores it', async () => {
    const back = await connectQbo(sim, cast.admin, sim.companies()[1]!.realmId, '');
    const pk = companyFromRedirect(back.headers.location as string);
    await t.runJobs();
    // Intuit revokes the grant (the user disconnected the app there): every token stops working.
    const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk));
    await fetch(`${sim.url}/v2/oauth2/tokens/revoke`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${QBO_CLIENT.clientId}:${QBO_CLIENT.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: openSealed(t, connection!.refreshTokenEnc!) }),
    });
    expect((await cast.admin.post('quickbooks/sync-client/', { client_company: pk })).statusCode).toBe(202);
    await expect(t.runJobs()).rejects.toThrow(/Reconnect the company/);
    const listed = (await cast.admin.get('accounting/accountant/client-companies/list/?connection_state=NEEDS_REAUTH')).json();
    expect(listed.results.map((c: { pk: number }) => c.pk)).toContain(pk);
    expect((await cast.admin.post('quickbooks/sync-client/', { client_company: pk })).statusCode).toBe(409);

    sim.setAutoApprove(sim.companies()[1]!.realmId);
    const reauth = await cast.admin.get(`quickbooks/reauth/?client_company=${pk}`);
    const consent = await fetch(reauth.json().url as string, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await cast.admin.get(`${callback.pathname}${callback.search}`);
    expect(companyFromRedirect(done.headers.location as string)).toBe(pk);
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, pk));
    expect(company!.connectionState).toBe('CONNECTED');
    expect(await t.runJobs()).toBeGreaterThan(0);
    sim.setAutoApprove(true);
  });

  it('refuses to reconnect a company to a different QuickBooks company', async () => {
    const [second] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.externalCompanyId, sim.companies()[1]!.realmId));
    sim.setAutoApprove(realm());
    const reauth = await cast.admin.get(`quickbooks/reauth/?client_company=${second!.clientCompanyId}`);
    const consent = await fetch(reauth.json().url as string, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const done = await cast.admin.get(`${callback.pathname}${callback.search}`);
    expect(qboError(done.headers.location)).toContain('different QuickBooks company');
    sim.setAutoApprove(true);
  });

  it('disconnecting revokes the grant at Intuit and forgets the tokens', async () => {
    const [second] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.externalCompanyId, sim.companies()[1]!.realmId));
    const refresh = openSealed(t, second!.refreshTokenEnc!);
    const res = await cast.admin.post(`accounting/accountant/client-company/${second!.clientCompanyId}/disconnect/`);
    expect(res.statusCode).toBe(200);
    expect(sim.revokedTokens).toContain(refresh);
    const [after] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.pk, second!.pk));
    expect(after).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null });
  });
});

describe('QuickBooks webhooks', () => {
  it('accepts a correctly signed delivery in either format and pulls the realm’s company', async () => {
    for (const format of ['legacy', 'cloudevents'] as const) {
      const hook = sim.buildWebhook(format, [{ realmId: realm(), entity: 'Purchase', id: '1', operation: 'Update', lastUpdated: new Date().toISOString() }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/quickbooks/webhooks/',
        headers: { 'content-type': 'application/json', 'intuit-signature': hook.signature },
        payload: hook.body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: 1 });
      expect(await t.runJobs()).toBeGreaterThanOrEqual(2);
    }
  });

  it('rejects a delivery whose signature does not match the body', async () => {
    const hook = sim.buildWebhook('legacy', [{ realmId: realm(), entity: 'Purchase', id: '1', operation: 'Update', lastUpdated: new Date().toISOString() }]);
    const tampered = hook.body.replace(realm(), '123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quickbooks/webhooks/',
      headers: { 'content-type': 'application/json', 'intuit-signature': hook.signature },
      payload: tampered,
    });
    expect(res.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/quickbooks/webhooks/', headers: { 'content-type': 'application/json' }, payload: hook.body });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.runJobs()).toBe(0);
  });
});

describe('QuickBooks webhook replays', () => {
  it('answers a replayed, validly signed delivery but does not queue its work again', async () => {
    const hook = sim.buildWebhook('legacy', [{ realmId: realm(), entity: 'Purchase', id: '7', operation: 'Update', lastUpdated: new Date().toISOString() }]);
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/quickbooks/webhooks/',
        headers: { 'content-type': 'application/json', 'intuit-signature': hook.signature },
        payload: hook.body,
      });
    await t.runJobs();
    expect((await deliver()).json()).toEqual({ received: 1 });
    expect(await t.runJobs()).toBeGreaterThanOrEqual(2);
    const replay = await deliver();
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: 1 });
    expect(await t.runJobs()).toBe(0);
  });
});

describe('signing up with Intuit', () => {
  const signUp = async () => {
    const visitor = clientMaker(() => t.app, 45)();
    const started = await visitor.get('quickbooks/oauth2/signup/');
    expect(started.statusCode).toBe(200);
    expect(new URL(started.json().url as string).searchParams.get('scope')).toContain('openid');
    sim.setAutoApprove(realm());
    const consent = await fetch(started.json().url as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return { visitor, done: await visitor.get(`${back.pathname}${back.search}`) };
  };

  it('creates the firm and its admin from the Intuit profile, signs them in and connects the company', async () => {
    const { visitor, done } = await signUp();
    expect(done.statusCode).toBe(302);
    const pk = companyFromRedirect(done.headers.location as string);
    const profile = (await visitor.get('users/profile/')).json();
    expect(profile).toMatchObject({ email: 'sandbox.user@example.com', first_name: 'Sandy', last_name: 'Sandbox' });
    const companies = (await visitor.get('accounting/accountant/client-companies/list/')).json();
    expect(companies.results.map((c: { pk: number; name: string }) => [c.pk, c.name])).toEqual([[pk, sim.companies()[0]!.name]]);
    expect((await visitor.get(`quickbooks/profile/?client_company=${pk}`)).json()).toMatchObject({ external_company_id: realm() });
    // Like a firm made by the emailed sign-up, it starts with the three request templates.
    const templates = (await visitor.get('accounting/request-templates/list/')).json();
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['Monthly bank statements', 'W-9 for new vendor', 'Year-end checklist']);
  });

  it('refuses an email that already has an account, back on the free-trial page', async () => {
    const { visitor, done } = await signUp();
    expect(String(done.headers.location)).toMatch(/^\/auth\/free-trial\/\?/);
    expect(qboError(done.headers.location)).toContain('already uses this email');
    expect((await visitor.get('users/profile/')).statusCode).toBe(401);
  });
});
