import { describe, expect, it } from 'vitest';
import { apiClient, connected, startTestSimulator } from './test-support.js';

describe('auth', () => {
  it('answers a request carrying both of the tenant’s keys, with its TenantSettings', async () => {
    const { api, tenant, sim } = await connected();
    const keys = sim.keys(tenant);
    expect(keys.applicationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.accessKey).toMatch(/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/);
    const settings = await api.get('/TenantSettings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ TenantKey: tenant, ClientAccessActivated: true });
    // The reference's GetTenantSettings: statuses by type, secondary ones as children with their keys.
    expect(settings.body.WorkTypes).toContainEqual({
      Name: 'Bookkeeping',
      WorkTypeKey: expect.any(String),
      AvailableStatuses: { primary: ['Planned', 'Ready To Start', 'In Progress', 'Waiting', 'Completed'], secondary: expect.arrayContaining([expect.any(String)]) },
    });
    expect(settings.body.WorkStatuses).toContainEqual({
      Name: 'InProgress',
      Type: 'Primary',
      Children: [
        { Name: 'With client', Type: 'Secondary', WorkStatusKey: expect.any(String) },
        { Name: 'In review', Type: 'Secondary', WorkStatusKey: expect.any(String) },
      ],
    });
    expect(settings.body.ContactTypes).toContainEqual({ Name: 'Client', ContactTypeKey: expect.any(String) });
    expect(sim.requests.at(-1)).toMatchObject({ method: 'GET', path: '/TenantSettings', status: 200, tenant });
  });

  it('refuses a missing or wrong header with 401 and the error body', async () => {
    const { sim, tenant } = await connected();
    for (const override of [{ bearer: null }, { accessKey: null }, { bearer: '00000000-0000-4000-8000-000000000000' }, { accessKey: 'eyJx.eyJy.zzz' }]) {
      const response = await apiClient(sim, tenant, override).get('/TenantSettings');
      expect(response.status, JSON.stringify(override)).toBe(401);
      expect(response.body).toEqual({ error: { statusCode: '401', message: expect.any(String) } });
    }
    expect(sim.requests.every((entry) => entry.status === 401 && entry.tenant === undefined)).toBe(true);
  });

  it('keeps tenants apart and takes given keys', async () => {
    const applicationId = '11111111-2222-4333-8444-555555555555';
    const sim = await startTestSimulator({
      tenants: [
        { name: 'A', seed: { organizations: 2 } },
        { name: 'B', applicationId, accessKey: 'eyJa.eyJb.c', seed: { organizations: 5 } },
      ],
    });
    const [a, b] = sim.tenants();
    expect(b).toMatchObject({ name: 'B', applicationId, accessKey: 'eyJa.eyJb.c' });
    expect((await apiClient(sim, a?.tenantKey ?? '').get('/Organizations')).body['@odata.count']).toBe(2);
    expect((await apiClient(sim, b?.tenantKey ?? '').get('/Organizations')).body['@odata.count']).toBe(5);
    // A's application id with B's access key matches no account.
    expect((await apiClient(sim, a?.tenantKey ?? '', { accessKey: 'eyJa.eyJb.c' }).get('/Organizations')).status).toBe(401);
  });

  it('seeds the same data on every start', async () => {
    const one = await startTestSimulator();
    const two = await startTestSimulator();
    const first = one.tenants()[0]?.tenantKey ?? '';
    expect(two.organizations(two.tenants()[0]?.tenantKey ?? '')).toEqual(one.organizations(first));
    expect(two.keys(two.tenants()[0]?.tenantKey ?? '')).toEqual(one.keys(first));
  });
});
