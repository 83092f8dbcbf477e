import { eq } from 'drizzle-orm';
import type { XeroSimulator } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { startXeroWorld, throughXero } from '../../../../test/xero.js';

let sim: XeroSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ sim, t } = await startXeroWorld([
    { name: 'Alpha Ltd', transactions: 12 },
    { name: 'Beta Ltd', transactions: 6 },
    { name: 'Gamma Ltd', transactions: 4 },
  ]));
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 51),
  );
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const tenant = (index: number) => sim.organisations()[index]!.tenantId;
const connectionOf = async (companyPk: number) => (await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk)))[0];

describe('connecting Xero', () => {
  it('connects a consent of one organisation at once, names it, keeps its tokens sealed and pulls it', async () => {
    const page = await throughXero(sim, cast.admin, 'xero/oauth2/', [tenant(0)]);
    expect(page.pathname).toBe('/dashboard/accountant/clients/');
    const pk = Number(page.searchParams.get('xero_connected'));
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, pk));
    expect(company).toMatchObject({ firmId: cast.firm.firmId, name: 'Alpha Ltd', connectionKind: 'XERO', connectionState: 'CONNECTED' });
    const connection = await connectionOf(pk);
    expect(connection).toMatchObject({ provider: 'XERO', externalCompanyId: tenant(0), sandbox: true });
    expect(connection!.accessTokenEnc).toMatch(/^v1\./);

    await t.runJobs();
    const list = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/?page_size=100`)).json();
    expect(list.count).toBeGreaterThan(0);
    const profile = (await cast.admin.get(`xero/profile/?client_company=${pk}`)).json();
    expect(profile).toMatchObject({ client_company: pk, external_company_id: tenant(0), state: 'IDLE', last_error: null, connection_state: 'CONNECTED' });
  });

  it('lets the accountant place each organisation of a consent of several: new, linked to a company, or left out (given back to Xero)', async () => {
    const [existing] = await t.db.insert(clientCompanies).values({ firmId: cast.firm.firmId, name: 'beta ltd', connectionKind: 'CSV' }).returning();
    const page = await throughXero(sim, cast.admin, 'xero/oauth2/', [tenant(0), tenant(1), tenant(2)]);
    expect(page.pathname).toBe('/dashboard/accountant/xero/select-client/');
    const grant = page.searchParams.get('grant')!;

    // Only the person who consented sees it: a coworker and another firm get 404.
    expect((await cast.clientAdmin.get(`xero/select-client/?grant=${grant}`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`xero/select-client/?grant=${grant}`)).statusCode).toBe(404);
    const pending = (await cast.admin.get(`xero/select-client/?grant=${grant}`)).json();
    const alpha = pending.organisations.find((o: { name: string }) => o.name === 'Alpha Ltd');
    const beta = pending.organisations.find((o: { name: string }) => o.name === 'Beta Ltd');
    // Alpha is already connected (previous test); Beta's name matches the CSV company.
    expect(alpha.connected_company).toBeGreaterThan(0);
    expect(beta.suggested_company).toBe(existing!.pk);
    expect(pending.companies.map((c: { pk: number }) => c.pk)).toContain(existing!.pk);
    expect(pending.companies.map((c: { pk: number }) => c.pk)).not.toContain(alpha.connected_company);

    // A company already connected elsewhere cannot be chosen for another organisation.
    const taken = await cast.admin.post('xero/select-client/', { grant, choices: [{ tenant_id: tenant(1), client_company: alpha.connected_company }] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toContain('already connected');
    const twice = await cast.admin.post('xero/select-client/', {
      grant,
      choices: [
        { tenant_id: tenant(1), client_company: existing!.pk },
        { tenant_id: tenant(0), client_company: existing!.pk },
      ],
    });
    expect(twice.statusCode).toBe(400);

    const placed = await cast.admin.post('xero/select-client/', {
      grant,
      choices: [
        { tenant_id: tenant(0), client_company: null },
        { tenant_id: tenant(1), client_company: existing!.pk },
      ],
    });
    expect(placed.statusCode).toBe(200);
    const connected = placed.json().connected as { tenant_id: string; client_company: number }[];
    // Alpha was reconnected, not doubled; Beta linked to the company the accountant chose.
    expect(connected).toEqual([
      { tenant_id: tenant(0), client_company: alpha.connected_company },
      { tenant_id: tenant(1), client_company: existing!.pk },
    ]);
    expect(await connectionOf(existing!.pk)).toMatchObject({ provider: 'XERO', externalCompanyId: tenant(1) });
    const [linked] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, existing!.pk));
    expect(linked).toMatchObject({ connectionKind: 'XERO', connectionState: 'CONNECTED', name: 'beta ltd' });
    // The two share one token set, so a rotation reaches both.
    expect((await connectionOf(existing!.pk))!.refreshTokenEnc).toBe((await connectionOf(alpha.connected_company))!.refreshTokenEnc);
    // Gamma, left out, is no longer connected at Xero; the consent is gone from Herd.
    expect(sim.connections().some((c) => c.tenantId === tenant(2))).toBe(false);
    expect((await cast.admin.get(`xero/select-client/?grant=${grant}`)).statusCode).toBe(404);
  });

  it('reconnects a company whose grant was refused, only with a consent that holds its organisation', async () => {
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, 'Alpha Ltd'));
    await t.db.update(clientCompanies).set({ connectionState: 'NEEDS_REAUTH' }).where(eq(clientCompanies.pk, company!.pk));
    const wrong = await throughXero(sim, cast.admin, `xero/reauth/?client_company=${company!.pk}`, [tenant(2)]);
    expect(wrong.searchParams.get('xero_error')).toContain('does not include');
    const right = await throughXero(sim, cast.admin, `xero/reauth/?client_company=${company!.pk}`, [tenant(0)]);
    expect(Number(right.searchParams.get('xero_connected'))).toBe(company!.pk);
    const [after] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, company!.pk));
    expect(after!.connectionState).toBe('CONNECTED');
  });

  it('disconnects one organisation at Xero, leaving the others of its consent connected', async () => {
    const [beta] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, 'beta ltd'));
    const answered = await cast.admin.post(`accounting/accountant/client-company/${beta!.pk}/disconnect/`);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(sim.connections().some((c) => c.tenantId === tenant(1))).toBe(false);
    expect(sim.connections().some((c) => c.tenantId === tenant(0))).toBe(true);
    // Herd forgets the tokens; the company may be linked to an organisation again.
    expect(await connectionOf(beta!.pk)).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null });
    const page = await throughXero(sim, cast.admin, 'xero/oauth2/', [tenant(1), tenant(2)]);
    const pending = (await cast.admin.get(`xero/select-client/?grant=${page.searchParams.get('grant')}`)).json();
    expect(pending.companies.map((c: { pk: number }) => c.pk)).toContain(beta!.pk);
  });

  it('refuses a team member, the signed out, and a client', async () => {
    expect((await cast.teamMember.get('xero/oauth2/')).statusCode).toBe(403);
    expect((await cast.anonymous.get('xero/oauth2/')).statusCode).toBe(401);
    expect((await cast.client.get('xero/oauth2/')).statusCode).toBe(403);
  });
});
